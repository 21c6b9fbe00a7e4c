/// Decides from the measures whether a photo is worth a paid model call.
public enum QualityJudge {
    /// The limits a photo must stay within; calibrated on seed 1 of the generated set of `make bench`
    /// (group `quality`), whose rows report a held-out seed.
    public struct Thresholds: Sendable, Equatable {
        /// Shorter sides than this are refused.
        public var minimumShortSide = 200
        /// Too dark only when the cover's strongest edges span fewer levels than this (a lit cover's lettering
        /// spans more; exposure scales this contrast, while glare, which adds light, leaves it alone)...
        public var darkEdgeContrast = 90
        /// ...and the photo's mean level is under this...
        public var darkMeanLevel = 55.0
        /// ...or under this one when there is plenty of content to judge by (edges over `contentEdgeShare`).
        public var darkMeanLevelWithContent = 66.0
        public var contentEdgeShare = 0.03
        /// Too bright when even the darkest content is above this level...
        public var brightDarkLevel = 170
        /// ...and at least this share of the photo is clipped white.
        public var brightClipped = 0.5
        /// Too blurry under this sharpness (about 1 / (2 σ²): 0.045 is edges blurred by σ ≈ 3.3 px).
        public var minimumSharpness = 0.045

        public init() {}
    }

    /// The first problem found, in the order a user should fix them, or nil for a usable photo.
    /// Blur is not judged on a photo too dark or too bright to show its edges, nor on one with no edges at all.
    public static func problem(_ measures: QualityMeasures, thresholds t: Thresholds = Thresholds()) -> QualityProblem? {
        if measures.shortSide < t.minimumShortSide { return .tooSmall }
        let dimMean = measures.edgeShare >= t.contentEdgeShare ? t.darkMeanLevelWithContent : t.darkMeanLevel
        if measures.edgeContrast < t.darkEdgeContrast, measures.meanLevel < dimMean { return .tooDark }
        if measures.darkLevel > t.brightDarkLevel, measures.clippedHighlights >= t.brightClipped { return .tooBright }
        if let sharpness = measures.sharpness, sharpness < t.minimumSharpness { return .tooBlurry }
        return nil
    }
}
