/// The feature-based placement: SIFT correspondences between the photo and the cover, a RANSAC homography, then the
/// dense stage's last refinement and its per-region and colour evidence on the cover so placed.
enum GeometricStage {
    /// Longest side of the photo SIFT runs on, chosen for time: a quarter of the pixels of 800 px, so a quarter of the
    /// time (about 38 ms against 155 ms on these 2 cores) and of VLFeat's scale-space memory, and the real development
    /// photos verify as often (68/76 held-out photos at 800 px, 69/76 at 400).
    static let photoSide = 400
    /// SIFT features kept of the photo.
    static let photoLimit = 2500
    /// RANSAC tolerance in working-photo pixels (the comparison's 320 px planes).
    static let tolerance: Float = 2.5
    /// Feature counts from which a cover and a photo are textured enough for features alone to say "not there".
    static let richCover = 250
    static let richPhoto = 150
    /// Fewer consistent correspondences than this is no placement at all.
    static let minimumInliers = 8

    /// The photo's features, computed on its first comparison.
    static func photoFeatures(_ photo: DecodedRGB) -> LocalFeatures {
        photo.features.value {
            SiftExtractor.features(of: ColourPlanes.luma(of: photo, longSide: photoSide), limit: photoLimit)
        }
    }

    /// The cover's placement in working-photo coordinates (a photo of `size`) and the correspondences behind it;
    /// nil when too few agree on one homography.
    static func placement(photo: DecodedRGB, size: SIMD2<Float>, descriptor: MatchDescriptor)
        -> (quad: Quad, inliers: Int, cells: Int)?
    {
        let pairs = FeatureMatcher.pairs(photo: photoFeatures(photo), cover: descriptor.features)
        guard let fit = RobustHomography.fit(pairs, photoSize: size, tolerance: tolerance),
            fit.inliers.count >= minimumInliers
        else { return nil }
        let corners: [SIMD2<Float>] = [SIMD2(0, 0), SIMD2(1, 0), SIMD2(1, 1), SIMD2(0, 1)]
        let mapped = corners.compactMap(fit.map.map)
        guard mapped.count == 4 else { return nil }
        var cells = Set<Int>()
        for pair in fit.inliers {
            let x = min(3, max(0, Int(pair.cover.x * 4)))
            let y = min(3, max(0, Int(pair.cover.y * 4)))
            cells.insert(y * 4 + x)
        }
        return (Quad(corners: mapped), fit.inliers.count, cells.count)
    }

    /// Below this many consistent correspondences the placement cannot verify.
    static let verifyingInliers = 15
    /// Gates on real light, wider than the dense stage's, which were set on generated casts. There is no bound on how
    /// far apart the channel gains are: white balance under tungsten or a yellow wall moves them 4× apart on real
    /// photos of the right cover, so colour is judged by chroma alone.
    static let chromaGate: Float = 0.2
    static let contrastLimit: Float = 3.2

    /// Regions of the cover's 4 × 4 grid where the closer look must find agreeing features for them to verify the
    /// cover on their own: three quarters of the cover. On the real tuning photos (as a scan sees them), a cover
    /// partly hidden under the photographed one reached 10, and generated template decoys 4; the same covers it
    /// lifts, under glare, a sticker or at a steep angle, reach 13 to 16.
    static let closerCells = 12

    /// Whether the photo's colours and contrast can be this cover's under real light.
    static func coloursAgree(_ e: MatchScorer.Evidence) -> Bool {
        e.chroma >= chromaGate && e.contrastRatio <= contrastLimit && e.contrastRatio >= 1 / contrastLimit
    }

    /// The score, 0...1, of a cover placed by features.
    static func score(_ e: MatchScorer.Evidence) -> Double {
        guard max(e.inliers, e.closerMatches) >= verifyingInliers, coloursAgree(e) else { return 0 }
        // Correspondences bunched in a few regions (a shared banner or logo) add little; the cells' own
        // correlation must then carry the score.
        let spread = Float(max(e.inlierCells, e.closerCells)) / 16
        let spreadScore = Double(0.1 * max(0, e.gradient) + 0.7 * max(0, e.gradientLowQuartile) + 0.2 * spread)
        // Colours that pass even the dense stage's gates (set on generated casts) count as they count there: flat art
        // turned beyond the dense search's few degrees, with features in a few regions only, scores as it would
        // upright.
        let dense = max(spreadScore, ImageMatcher.combined(e))
        guard e.closerCells >= closerCells else { return dense }
        // Features agreeing at their own place over nearly the whole cover: glare or a sticker may wash out its
        // gradients, but another cover does not agree there.
        return max(dense, ImageMatcher.verifiedThreshold + 0.1 * Double(e.closerCells - closerCells))
    }
}
