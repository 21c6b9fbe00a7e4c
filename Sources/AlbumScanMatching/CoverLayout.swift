import CMatchingKernels

/// The local re-match prefilter: a cover's colour layout on a 4 × 4 grid, each channel divided by its mean so that
/// brightness and colour casts cancel. Ranking 10,000 stored covers against a photo takes a few milliseconds,
/// so only the best few candidates need the matcher proper.
///
/// A photo has no known cover position, so it is read at 27 placements the photos allow (cover 60-96 % of
/// the short side, centre within 10 % of the frame's) and a cover's distance is its best placement's. A colour
/// histogram was tried first: on a library whose covers share imagery it ranked the right album first for 1 % of
/// photos, since it cannot tell two crops of one picture apart; the layout can.
package struct CoverLayout: Sendable, Equatable {
    static let side = 4
    static let scales: [Float] = [0.6, 0.78, 0.96]
    static let shifts: [Float] = [-0.1, 0, 0.1]
    /// `side`² cells × RGB, each channel scaled to mean 1.
    package let cells: [Float]

    init(cells: [Float]) {
        self.cells = cells
    }

    /// The layout of a stored cover, from its descriptor's 8 × 8 colour grid.
    package init(descriptor: MatchDescriptor) {
        let grid = MatchDescriptor.colourSide
        let merge = grid / Self.side
        var sums = [Float](repeating: 0, count: Self.side * Self.side * 3)
        for y in 0..<grid {
            for x in 0..<grid {
                let cell = (y / merge) * Self.side + x / merge
                for c in 0..<3 { sums[cell * 3 + c] += Float(descriptor.colour[(y * grid + x) * 3 + c]) }
            }
        }
        self.init(cells: Self.normalised(sums))
    }

    /// The layouts of a photo at each placement a cover may take in it.
    package static func placements(photo: DecodedRGB) -> [CoverLayout] {
        let planes = ColourPlanes(photo, longSide: 96)
        let (w, h) = (Float(planes.width), Float(planes.height))
        let short = min(w, h)
        let channels = [planes.red, planes.green, planes.blue]
        var layouts: [CoverLayout] = []
        for scale in scales {
            let size = scale * short
            for dy in shifts {
                for dx in shifts {
                    let left = w / 2 + dx * short - size / 2
                    let top = h / 2 + dy * short - size / 2
                    var sums = [Float](repeating: 0, count: side * side * 3)
                    let step = size / Float(side)
                    for j in 0..<side {
                        for i in 0..<side {
                            let x0 = max(0, Int(left + Float(i) * step)), x1 = min(planes.width, Int(left + Float(i + 1) * step))
                            let y0 = max(0, Int(top + Float(j) * step)), y1 = min(planes.height, Int(top + Float(j + 1) * step))
                            guard x1 > x0, y1 > y0 else { continue }
                            for c in 0..<3 {
                                var total: Float = 0
                                for y in y0..<y1 { for x in x0..<x1 { total += channels[c][x, y] } }
                                sums[(j * side + i) * 3 + c] = total / Float((x1 - x0) * (y1 - y0))
                            }
                        }
                    }
                    layouts.append(CoverLayout(cells: normalised(sums)))
                }
            }
        }
        return layouts
    }

    /// Each channel divided by its mean over the cells.
    static func normalised(_ sums: [Float]) -> [Float] {
        var means: [Float] = [0, 0, 0]
        for (index, value) in sums.enumerated() { means[index % 3] += value }
        means = means.map { max($0 / Float(side * side), 1) }
        return sums.enumerated().map { $0.element / means[$0.offset % 3] }
    }

    /// Mean absolute difference of the cells: 0 for the same layout.
    package func distance(_ other: CoverLayout) -> Float {
        var total: Float = 0
        for index in cells.indices { total += abs(cells[index] - other.cells[index]) }
        return total / Float(cells.count)
    }

    /// The cover's distance to a photo read at several placements: the best placement's.
    package static func distance(photo placements: [CoverLayout], cover: CoverLayout) -> Float {
        placements.reduce(Float.infinity) { min($0, $1.distance(cover)) }
    }

    /// Values a layout has: `side`² cells × RGB.
    package static let count = side * side * 3

    /// `distance(photo:cover:)` for every cover of a library whose layouts' cells lie end to end in `library`
    /// (`Sources/CMatchingKernels/layout.c`): 10,000 covers at 27 placements is 13 million differences.
    package static func distances(photo placements: [CoverLayout], library: [Float]) -> [Float] {
        let photo = placements.flatMap(\.cells)
        let covers = library.count / count
        return [Float](unsafeUninitializedCapacity: covers) { result, initialised in
            albumscan_layout_distances(photo, placements.count, library, covers, result.baseAddress)
            initialised = covers
        }
    }

    /// The layout in one byte per value (what the store keeps): mean-1 values up to 4 in steps of 1/63.75.
    package var bytes: [UInt8] { cells.map { UInt8(clamping: Int(($0 * 63.75).rounded())) } }

    /// Reads `bytes`; nil when the count is not a layout's.
    package init?(bytes: [UInt8]) {
        guard bytes.count == Self.side * Self.side * 3 else { return nil }
        cells = bytes.map { Float($0) / 63.75 }
    }
}
