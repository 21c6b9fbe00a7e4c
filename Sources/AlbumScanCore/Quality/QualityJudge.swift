/// Decides from the measures whether a photo is worth a paid model call.
package enum QualityJudge {
    /// The limits a photo must stay within; calibrated on seed 1 of the generated set of `make bench`
    /// (group `quality`), whose rows report a held-out seed.
    package struct Thresholds: Sendable, Equatable {
        /// Shorter sides than this are refused.
        package var minimumShortSide = 200
        /// Too dark only when the cover's strongest edges span fewer levels than this (a lit cover's lettering
        /// spans more; exposure scales this contrast, while glare, which adds light, leaves it alone)...
        package var darkEdgeContrast = 90
        /// ...and the photo's mean level is under this...
        package var darkMeanLevel = 55.0
        /// ...or under this one when there is plenty of content to judge by (edges over `contentEdgeShare`).
        package var darkMeanLevelWithContent = 66.0
        package var contentEdgeShare = 0.03
        /// Too bright when even the darkest content is above this level...
        package var brightDarkLevel = 170
        /// ...and at least this share of the photo is clipped white.
        package var brightClipped = 0.5
        /// Too blurry under this sharpness (about 1 / (2 σ²): 0.045 is edges blurred by σ ≈ 3.3 px), in luma and
        /// on the edges of any colour alike.
        package var minimumSharpness = 0.045
        /// Fewer edge pixels than this and a dim frame shows nothing (a black frame, a lens cap): too dark, whatever
        /// its edge contrast says. A dark sleeve's lettering gives hundreds.
        package var minimumEdgePixels = 40
        /// A frame with no edges at all, not even faint ones, whose colour varies less than this (in levels) shows
        /// one even tone: a wall, a table, a lens too close. A sleeve of two equally bright colours varies far more.
        package var blankColourSpread = 6.0
        /// A photo whose levels span at least this much, yet with fewer clear edges than `minimumEdgePixels`, shows
        /// something no edge of which survived: blurred. (Grey shapes on grey span far less.)
        package var blurredLevelRange = 32

        package init() {}
    }

    /// The first problem found, in the order a user should fix them, or nil for a usable photo.
    /// Blur is not judged on a photo too dark or too bright to show its edges, nor on one with no edges at all
    /// (which is blank when its colour does not vary either). A photo is as sharp as the sharper of its two
    /// measures: luma's, or that of its edges of any colour (a sleeve of two equally bright colours has edges only
    /// there). Its colour edges also show that a dim frame holds something.
    package static func problem(_ measures: QualityMeasures, thresholds t: Thresholds = Thresholds()) -> QualityProblem? {
        if measures.shortSide < t.minimumShortSide { return .tooSmall }
        let featureless = measures.edgePixels < t.minimumEdgePixels && measures.colourEdgePixels < t.minimumEdgePixels
        let dimMean = measures.edgeShare >= t.contentEdgeShare ? t.darkMeanLevelWithContent : t.darkMeanLevel
        if featureless || measures.edgeContrast < t.darkEdgeContrast, measures.meanLevel < dimMean { return .tooDark }
        if measures.darkLevel > t.brightDarkLevel, measures.clippedHighlights >= t.brightClipped { return .tooBright }
        // Judged on luma's edges alone: a colour difference's edges survive a blur that left luma none (the bench's
        // σ 12 px row), and equally bright colours span few levels anyway.
        if measures.edgePixels < t.minimumEdgePixels, measures.levelRange >= t.blurredLevelRange { return .tooBlurry }
        guard let sharpness = measures.bestSharpness else {
            return measures.colourSpread < t.blankColourSpread ? .blank : nil
        }
        if sharpness < t.minimumSharpness { return .tooBlurry }
        return nil
    }
}
