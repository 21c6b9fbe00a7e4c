/// What the quality check measured on a photo; `QualityJudge` turns it into a verdict.
package struct QualityMeasures: Sendable, Equatable {
    /// The short side of the photo as taken (upright), in pixels.
    package var shortSide: Int
    /// Edge sharpness: the Laplacian's energy over the gradient's energy on the photo's edges, after noise is
    /// taken out. About 1 / (2 σ²) for edges blurred by a Gaussian of σ px; nil when the photo has too few edges
    /// to judge (a single colour field).
    package var sharpness: Double?
    /// The same sharpness on the edges of any colour: luma's and the colour differences' edges pooled, so that two
    /// equally bright colours side by side have an edge to judge; nil when not measured or with too few edges.
    package var colourSharpness: Double?
    /// Pixels counted as edges (in luma).
    package var edgePixels: Int
    /// Pixels counted as edges in either colour difference (at the upload's size).
    package var colourEdgePixels: Int
    /// Edge pixels as a share of all pixels: how much content there is to judge by.
    package var edgeShare: Double
    /// The level difference 98% of edges stay under (across 4 px): the cover's own contrast, which exposure
    /// scales and glare (added light) leaves alone. The rim of one small glare spot is left out of it.
    package var edgeContrast: Int
    /// The level 99.5% of pixels stay under: the brightest content the photo shows.
    package var brightLevel: Int
    /// The level 1% of pixels stay under: the darkest content the photo shows.
    package var darkLevel: Int
    /// The share of pixels at 250 or above (clipped highlights).
    package var clippedHighlights: Double
    /// The mean level.
    package var meanLevel: Double
    /// How much the colour varies over the photo (the standard deviation of its two colour-difference channels,
    /// in levels): a one-colour frame has almost none, a sleeve of two equally bright colours plenty.
    package var colourSpread: Double

    package init(
        shortSide: Int, sharpness: Double?, colourSharpness: Double? = nil, edgePixels: Int = 0, colourEdgePixels: Int = 0,
        edgeShare: Double = 0, edgeContrast: Int = 255, brightLevel: Int, darkLevel: Int, clippedHighlights: Double,
        meanLevel: Double, colourSpread: Double = 255
    ) {
        self.shortSide = shortSide
        self.sharpness = sharpness
        self.colourSharpness = colourSharpness
        self.edgePixels = edgePixels
        self.colourEdgePixels = colourEdgePixels
        self.edgeShare = edgeShare
        self.edgeContrast = edgeContrast
        self.brightLevel = brightLevel
        self.darkLevel = darkLevel
        self.clippedHighlights = clippedHighlights
        self.meanLevel = meanLevel
        self.colourSpread = colourSpread
    }

    /// The spread of levels between the photo's darkest and brightest content.
    package var levelRange: Int { brightLevel - darkLevel }

    /// The sharper of the two sharpness measures: luma's, or that of the edges of any colour.
    package var bestSharpness: Double? { [sharpness, colourSharpness].compactMap { $0 }.max() }
}
