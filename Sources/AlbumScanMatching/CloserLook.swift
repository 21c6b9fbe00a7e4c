/// A second look at a cover the features placed but the comparison did not verify. Glare on a plastic case, a sticker
/// or a steep angle wash out the gradient evidence of a cover that is there, while its local features survive. So the
/// photo is rectified onto the cover's own frame, at the resolution the decoded photo holds, SIFT runs on that, and
/// each feature must find its cover feature at the same place. Such agreement over most of the cover's regions says
/// the whole cover is there; a cover half hidden behind another, or one sharing only a banner, leaves regions empty.
enum CloserLook {
    /// Longest side of the rectified cover, at most (the cover's features were found at this size; at 256 px the real
    /// tuning photos lose a third of what the closer look gains).
    static let side = MatchDescriptor.featureSide
    /// Regions of the cover's 4 × 4 grid the first placement's correspondences must already reach. A band or logo
    /// shared with another cover holds them in a few (3-4 for the generated template decoys); the real tuning photos
    /// the closer look lifts had 6 to 11.
    static let firstCells = 5
    /// RANSAC tolerance in the rectified cover's pixels.
    static let tolerance: Float = 2.5
    /// How far a corner of the cover may move on the rectified photo (in its unit square) for the first placement
    /// to count as having found this cover: the refinement can drift a tenth of the cover, not half of it.
    static let drift: Float = 0.25
    /// SIFT features kept of the rectified photo.
    static let limit = 1500

    /// Correspondences agreeing on one placement of the rectified cover, the cells of its 4 × 4 grid that hold one,
    /// and that placement in the first one's coordinates.
    struct Agreement: Sendable {
        var matches = 0
        var cells = 0
        var quad: Quad?
    }

    /// The agreement for the cover placed at `quad`, in the coordinates of a plane `workingWidth` pixels wide.
    static func agreement(photo: DecodedRGB, quad: Quad, workingWidth: Int, descriptor: MatchDescriptor) -> Agreement {
        let rectified = rectify(
            photo: photo, quad: quad.scaled(by: Float(photo.width) / Float(workingWidth)), aspect: descriptor.aspect)
        let features = SiftExtractor.features(of: rectified, limit: limit)
        let pairs = FeatureMatcher.pairs(photo: features, cover: descriptor.features)
        let size = SIMD2(Float(rectified.width), Float(rectified.height))
        guard let fit = RobustHomography.fit(pairs, photoSize: size, tolerance: tolerance),
            fit.inliers.count >= GeometricStage.minimumInliers
        else { return Agreement() }
        let unit: [SIMD2<Float>] = [SIMD2(0, 0), SIMD2(1, 0), SIMD2(1, 1), SIMD2(0, 1)]
        let moved = unit.compactMap(fit.map.map).map { $0 / size }  // the fit maps into rectified pixels
        let stayed = zip(moved, unit).allSatisfy { Swift.abs($0.x - $1.x) <= drift && Swift.abs($0.y - $1.y) <= drift }
        guard moved.count == 4, stayed else { return Agreement() }
        let first = Homography(unitSquareTo: quad)
        var cells = Set<Int>()
        for pair in fit.inliers {
            cells.insert(min(3, max(0, Int(pair.cover.y * 4))) * 4 + min(3, max(0, Int(pair.cover.x * 4))))
        }
        return Agreement(
            matches: fit.inliers.count, cells: cells.count,
            quad: Quad(corners: moved.map { first.map($0.x, $0.y) }))
    }

    /// The photo's luma inside `quad` (decoded-photo coordinates) mapped onto the cover's frame: no larger than the
    /// photo shows it, nor than `side`, and area-averaged first when the photo shows it larger.
    static func rectify(photo: DecodedRGB, quad: Quad, aspect: Float) -> GrayPlane {
        let shown = max(quad.width, quad.height)
        let long = max(16, min(Float(side), shown))
        let scale = min(1, long / max(shown, 1))
        let plane = ColourPlanes.luma(of: photo, longSide: Int((Float(max(photo.width, photo.height)) * scale).rounded()))
        let factor = Float(plane.width) / Float(photo.width)
        let map = Homography(unitSquareTo: quad.scaled(by: factor))
        let (width, height) = aspect >= 1
            ? (Int(long), max(16, Int((long / aspect).rounded())))
            : (max(16, Int((long * aspect).rounded())), Int(long))
        var values = [Float](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let point = map.map((Float(x) + 0.5) / Float(width), (Float(y) + 0.5) / Float(height))
                values[y * width + x] = plane.bilinear(point.x - 0.5, point.y - 0.5)
            }
        }
        return GrayPlane(width: width, height: height, values: values)
    }
}
