import AlbumScanCore
import Foundation

/// A generated back sleeve: a plain field with some lettering and an EAN-13 on a white label.
package enum BarcodeSleeve {
    /// The sleeve as a JPEG, `side` px square, the symbol `moduleWidth` px per module (bars 0.15 of the side tall).
    package static func jpeg(digits: String, side: Int = 900, moduleWidth: Int = 3) throws -> Data {
        guard let modules = EAN13Pattern.modules(digits) else {
            throw LoopbackServerError(call: "EAN-13 of \(digits)", code: 0)
        }
        var pixels = [UInt8](repeating: 0, count: side * side * 3)
        for index in 0..<(side * side) {
            pixels[index * 3] = 52
            pixels[index * 3 + 1] = 70
            pixels[index * 3 + 2] = 96
        }
        func fill(_ x0: Int, _ y0: Int, _ width: Int, _ height: Int, _ level: UInt8) {
            for y in max(y0, 0)..<min(y0 + height, side) {
                for x in max(x0, 0)..<min(x0 + width, side) {
                    let i = (y * side + x) * 3
                    pixels[i] = level
                    pixels[i + 1] = level
                    pixels[i + 2] = level
                }
            }
        }
        // Track-list lines, so the sleeve has ordinary content beside the symbol.
        for line in 0..<8 { fill(side / 10, side / 10 + line * side / 18, side / 2 - (line % 3) * side / 12, side / 60, 225) }
        let quiet = 11 * moduleWidth
        let barHeight = side * 15 / 100
        let labelWidth = 95 * moduleWidth + 2 * quiet
        let left = side - labelWidth - side / 12
        let top = side - barHeight - side / 12 - 2 * moduleWidth * 4
        fill(left, top, labelWidth, barHeight + 8 * moduleWidth, 250)
        for (index, dark) in modules.enumerated() where dark {
            fill(left + quiet + index * moduleWidth, top + 4 * moduleWidth, moduleWidth, barHeight, 15)
        }
        return try JPEGEncoder.encodeRGB(pixels, width: side, height: side, quality: 90)
    }
}
