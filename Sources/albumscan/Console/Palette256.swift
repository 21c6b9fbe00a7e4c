import AlbumScanApp
/// The xterm 256-colour palette: nearest index for an RGB colour.
enum Palette256 {
    /// The six levels of each channel in the 6×6×6 cube (indices 16-231).
    static let levels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The cube entry or grey-ramp entry (232-255) nearest to the colour, whichever is closer.
    static func index(red: UInt8, green: UInt8, blue: UInt8) -> Int {
        let r = Int(red), g = Int(green), b = Int(blue)
        let cube = (nearestLevel(r), nearestLevel(g), nearestLevel(b))
        let cubeIndex = 16 + 36 * cube.0 + 6 * cube.1 + cube.2
        let cubeDistance = distance((levels[cube.0], levels[cube.1], levels[cube.2]), (r, g, b))
        let average = (r + g + b) / 3
        let greyStep = min(23, max(0, (average - 8 + 5) / 10))
        let grey = 8 + 10 * greyStep
        let greyDistance = distance((grey, grey, grey), (r, g, b))
        return greyDistance < cubeDistance ? 232 + greyStep : cubeIndex
    }

    static func nearestLevel(_ value: Int) -> Int {
        var best = 0
        for (index, level) in levels.enumerated() where abs(level - value) < abs(levels[best] - value) { best = index }
        return best
    }

    static func distance(_ lhs: (Int, Int, Int), _ rhs: (Int, Int, Int)) -> Int {
        let dr = lhs.0 - rhs.0, dg = lhs.1 - rhs.1, db = lhs.2 - rhs.2
        return dr * dr + dg * dg + db * db
    }
}
