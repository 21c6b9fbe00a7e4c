/// Stage 3 of matching: rectifies the photo inside the found quad and compares it with the cover, cell by cell.
package enum MatchScorer {
    /// Samples across the rectified cover.
    static let grid = MatchDescriptor.lumaSide
    /// Cells per side for the gradient comparison: small enough that a template's edges and lettering leave
    /// cells of pure imagery to judge.
    static let cells = 8

    /// What the comparison measured; `score` combines it.
    package struct Evidence: Sendable, Equatable {
        /// Gradient correlation over the whole cover.
        package var gradient: Float
        /// Gradient correlation of the worst quarter of textured cells (the 25th percentile); a cell counts when
        /// either the cover or the photo has texture there.
        package var gradientLowQuartile: Float
        /// Colour-layout agreement after removing brightness and colour cast, 0...1 (25th percentile of cells).
        package var colourLowQuartile: Float
        /// How far apart the channel gains that map the photo onto the cover are (1 = a pure brightness change).
        package var castSpread: Float = 1
        /// The photo's luma contrast over the cover's, once its brightness is matched (1 = the same contrast).
        package var contrastRatio: Float = 1
        /// Agreement of the photo's and the cover's colour differences across the cover, -1...1, once each channel
        /// is divided by its mean (a cast or white balance is a gain per channel; a recoloured edition is not).
        package var chroma: Float = 1
        /// SIFT correspondences consistent with the cover's homography (0 when the dense search placed it).
        package var inliers: Int = 0
        /// Cells of a 4 × 4 grid over the cover holding at least one of those correspondences.
        package var inlierCells: Int = 0
        /// The closer look's correspondences at their own place on the rectified cover, and the cells holding one.
        package var closerMatches: Int = 0
        package var closerCells: Int = 0
    }

    /// The evidence for the photo inside `quad` (working-photo coordinates) against the descriptor.
    /// With `maskGlare`, gradient cells mostly clipped in the photo (glare on a plastic sleeve) are left out of the
    /// low quartile, as long as half the textured cells remain.
    static func evidence(photo: ColourPlanes, quad: Quad, descriptor: MatchDescriptor, maskGlare: Bool = false)
        -> Evidence
    {
        let factor = min(1, Float(grid) / max(quad.width, 1))
        let w = Int((Float(photo.width) * factor).rounded())
        let h = Int((Float(photo.height) * factor).rounded())
        let planes = [photo.red, photo.green, photo.blue].map { $0.resized(width: w, height: h) }
        let map = Homography(unitSquareTo: quad.scaled(by: factor))
        var rectified = [[Float]](repeating: [Float](repeating: 0, count: grid * grid), count: 3)
        for j in 0..<grid {
            for i in 0..<grid {
                let point = map.map((Float(i) + 0.5) / Float(grid), (Float(j) + 0.5) / Float(grid))
                for c in 0..<3 { rectified[c][j * grid + i] = planes[c].bilinear(point.x - 0.5, point.y - 0.5) }
            }
        }
        let rgb = rectified.map { GrayPlane(width: grid, height: grid, values: $0) }
        let luma = GrayPlane(
            width: grid, height: grid,
            values: (0..<(grid * grid)).map {
                0.299 * rectified[0][$0] + 0.587 * rectified[1][$0] + 0.114 * rectified[2][$0]
            })
        // Smoothing first: fine texture (grass, gravel) decorrelates under sub-pixel misalignment, noise and blur.
        let template = descriptor.lumaPlane.smoothed()
        let photoLuma = luma.smoothed()
        let fine = cellCorrelations(template: template.gradients(), photo: photoLuma.gradients())
        let half = grid / 2
        let coarse = cellCorrelations(
            template: template.resized(width: half, height: half).gradients(),
            photo: photoLuma.resized(width: half, height: half).gradients())
        var gradients = (
            global: max(fine.global, coarse.global),
            cells: zip(fine.cells, coarse.cells).map { max($0, $1) }
        )
        if maskGlare {
            let glare = glareCells(luma.values)
            let kept = gradients.cells.indices.map { glare[$0] ? Float.nan : gradients.cells[$0] }
            if kept.filter({ !$0.isNaN }).count * 2 >= gradients.cells.filter({ !$0.isNaN }).count {
                gradients.cells = kept
            }
        }
        let side = MatchDescriptor.colourSide
        let photoCells = rgb.map { $0.resized(width: side, height: side).values }
        let colour = colourAgreement(photo: photoCells, descriptor: descriptor)
        return Evidence(
            gradient: gradients.global, gradientLowQuartile: quartile(gradients.cells.filter { !$0.isNaN }),
            colourLowQuartile: quartile(colour),
            castSpread: castSpread(photo: photoCells, descriptor: descriptor),
            contrastRatio: contrastRatio(photo: luma.values, cover: descriptor.lumaPlane.values),
            chroma: chromaAgreement(photo: photoCells, descriptor: descriptor))
    }

    /// Whole-cover and per-cell gradient correlations; cells with little template texture are left out.
    static func cellCorrelations(template t: (x: GrayPlane, y: GrayPlane), photo p: (x: GrayPlane, y: GrayPlane))
        -> (global: Float, cells: [Float])
    {
        let side = t.x.width
        let size = side / cells
        var dots = [Float](repeating: 0, count: cells * cells)
        var tEnergy = dots
        var pEnergy = dots
        for y in 0..<side {
            for x in 0..<side {
                let k = y * side + x
                let cell = (y / size) * cells + x / size
                let (tx, ty) = (t.x.values[k], t.y.values[k])
                let (px, py) = (p.x.values[k], p.y.values[k])
                dots[cell] += tx * px + ty * py
                tEnergy[cell] += tx * tx + ty * ty
                pEnergy[cell] += px * px + py * py
            }
        }
        let global = dots.reduce(0, +) / ((tEnergy.reduce(0, +) * pEnergy.reduce(0, +)).squareRoot() + 1e-3)
        let tMean = tEnergy.reduce(0, +) / Float(tEnergy.count)
        let pMean = pEnergy.reduce(0, +) / Float(pEnergy.count)
        let correlations = dots.indices.map { dots[$0] / ((tEnergy[$0] * pEnergy[$0]).squareRoot() + 1e-3) }
        return (
            global,
            correlations.indices.map { tEnergy[$0] >= 0.15 * tMean || pEnergy[$0] >= 0.6 * pMean ? correlations[$0] : .nan }
        )
    }

    /// How far one channel's gain may stray from the overall gain: a colour cast (channels within about 1.4× of each
    /// other), not a repaint. Without this bound a grey or purple photo could be "corrected" into any colour of the
    /// same layout; at 1.18 the same-cover verified rate on the tuning seed is unchanged.
    static let castLimit: Float = 1.18

    /// How far the photo's overall brightness may be from the cover's: exposure, not a dark cover taken for a light
    /// one (scaled far enough, any photo looks like a near-black cover).
    static let brightnessLimit: Float = 2

    /// A photo sample this bright may be clipped: the true value could be anything above it.
    static let clippedLevel: Float = 250

    /// Per-cell colour agreement, 0...1, after scaling each photo channel to the cover's mean (brightness within
    /// `brightnessLimit`, and a cast within `castLimit`). Where the cover, so scaled, would be brighter than a photo
    /// can record, the photo is compared clipped as well (overexposure, glare).
    static func colourAgreement(photo: [[Float]], descriptor: MatchDescriptor) -> [Float] {
        let count = photo[0].count
        let cover: [[Float]] = (0..<3).map { c in (0..<count).map { Float(descriptor.colour[$0 * 3 + c]) } }
        // Clipped photo cells say little about the gains.
        var cells = (0..<count).filter { i in (0..<3).allSatisfy { photo[$0][i] < clippedLevel } }
        if cells.count < count / 4 { cells = Array(0..<count) }
        let coverSums = cover.map { channel in cells.reduce(Float(0)) { $0 + channel[$1] } }
        let photoSums = photo.map { channel in cells.reduce(Float(0)) { $0 + channel[$1] } }
        let measured = (coverSums.reduce(0, +) + 1) / (photoSums.reduce(0, +) + 1)
        let overall = min(max(measured, 1 / brightnessLimit), brightnessLimit)
        let gains: [Float] = (0..<3).map { c in
            min(max((coverSums[c] + 1) / (photoSums[c] + 1), overall / castLimit), overall * castLimit)
        }
        return (0..<count).map { i in
            var squared: Float = 0
            for c in 0..<3 {
                // A clipped photo sample only says the cover, so scaled, is at least that bright.
                let expected = cover[c][i] / gains[c]
                let clipped = photo[c][i] >= clippedLevel && expected >= clippedLevel
                let delta = clipped ? 0 : (photo[c][i] - expected) * gains[c]
                squared += delta * delta
            }
            return max(0, 1 - squared.squareRoot() / 96)
        }
    }

    /// The photo's luma spread over the cover's, after scaling the photo to the cover's mean (within
    /// `brightnessLimit`): a grey sleeve is not a black one with a white mark, whatever the exposure.
    static func contrastRatio(photo: [Float], cover: [Float]) -> Float {
        func stats(_ v: [Float]) -> (mean: Float, deviation: Float) {
            let mean = v.reduce(0, +) / Float(v.count)
            return (mean, (v.reduce(Float(0)) { $0 + ($1 - mean) * ($1 - mean) } / Float(v.count)).squareRoot())
        }
        let (p, c) = (stats(photo), stats(cover))
        let gain = min(max((c.mean + 1) / (p.mean + 1), 1 / brightnessLimit), brightnessLimit)
        return (p.deviation * gain + 4) / (c.deviation + 4)
    }

    /// The largest ratio between two channels' gains (cover over photo): a colour cast moves channels by up to
    /// about 1.4× against each other; a cover of another colour needs more.
    static func castSpread(photo: [[Float]], descriptor: MatchDescriptor) -> Float {
        let count = photo[0].count
        let gains: [Float] = (0..<3).map { c in
            let cover = (0..<count).reduce(Float(0)) { $0 + Float(descriptor.colour[$1 * 3 + c]) }
            return (cover + 16 * Float(count)) / (photo[c].reduce(0, +) + 16 * Float(count))
        }
        return gains.max()! / gains.min()!
    }

    /// A photo sample this bright counts as glare.
    static let glareLevel: Float = 235

    /// Per gradient cell of the rectified luma, whether a third or more of its samples are glare.
    static func glareCells(_ luma: [Float]) -> [Bool] {
        let size = grid / cells
        var counts = [Int](repeating: 0, count: cells * cells)
        for y in 0..<grid {
            for x in 0..<grid where luma[y * grid + x] >= glareLevel { counts[(y / size) * cells + x / size] += 1 }
        }
        return counts.map { $0 * 3 >= size * size }
    }

    /// The 25th percentile; 0 for an empty list.
    static func quartile(_ values: [Float]) -> Float {
        guard !values.isEmpty else { return 0 }
        return values.sorted()[(values.count - 1) / 4]
    }
}
