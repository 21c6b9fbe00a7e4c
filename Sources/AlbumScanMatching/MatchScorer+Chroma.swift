extension MatchScorer {
    /// Below this spread of colour differences (channels at mean 1) a cover counts as grey along that axis.
    static let greySpread: Float = 0.06

    /// How well the photo's colour differences follow the cover's over the 8 × 8 cells, -1...1.
    ///
    /// Each channel is divided by its mean over the unclipped cells, which removes white balance and exposure; the
    /// opponent differences red - green and blue - green are then correlated cell by cell, weighted by how much the
    /// cover varies along each. A grey cover agrees with a photo that is grey too, and with nothing colourful.
    static func chromaAgreement(photo: [[Float]], descriptor: MatchDescriptor) -> Float {
        let count = photo[0].count
        let cover: [[Float]] = (0..<3).map { c in (0..<count).map { Float(descriptor.colour[$0 * 3 + c]) } }
        var cells = (0..<count).filter { i in (0..<3).allSatisfy { photo[$0][i] < clippedLevel } }
        if cells.count < count / 2 { cells = Array(0..<count) }
        func opponents(_ planes: [[Float]]) -> (u: [Float], v: [Float]) {
            let means = planes.map { plane in max(1, cells.reduce(Float(0)) { $0 + plane[$1] } / Float(cells.count)) }
            let u = cells.map { planes[0][$0] / means[0] - planes[1][$0] / means[1] }
            let v = cells.map { planes[2][$0] / means[2] - planes[1][$0] / means[1] }
            return (u, v)
        }
        let (cu, cv) = opponents(cover)
        let (pu, pv) = opponents(photo)
        let (su, sv) = (deviation(cu), deviation(cv))
        guard su + sv >= greySpread else {
            return deviation(pu) + deviation(pv) < 4 * greySpread ? 1 : 0
        }
        return (su * correlation(cu, pu) + sv * correlation(cv, pv)) / (su + sv)
    }

    private static func deviation(_ v: [Float]) -> Float {
        let mean = v.reduce(0, +) / Float(v.count)
        return (v.reduce(Float(0)) { $0 + ($1 - mean) * ($1 - mean) } / Float(v.count)).squareRoot()
    }

    private static func correlation(_ a: [Float], _ b: [Float]) -> Float {
        let ma = a.reduce(0, +) / Float(a.count)
        let mb = b.reduce(0, +) / Float(b.count)
        var (ab, aa, bb): (Float, Float, Float) = (0, 0, 0)
        for i in a.indices {
            ab += (a[i] - ma) * (b[i] - mb)
            aa += (a[i] - ma) * (a[i] - ma)
            bb += (b[i] - mb) * (b[i] - mb)
        }
        return ab / ((aa * bb).squareRoot() + 1e-6)
    }
}
