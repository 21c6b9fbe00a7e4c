import AlbumScanCore
import Testing

/// The quality decision on measures, at and around each threshold.
@Suite struct QualityJudgeTests {
    /// Measures of an ordinary good photo; each case changes what it tests.
    static func measures(
        shortSide: Int = 768, sharpness: Double? = 0.3, edgeShare: Double = 0.05, edgeContrast: Int = 180,
        darkLevel: Int = 10, clipped: Double = 0.02, mean: Double = 110, edges: Int = 1000, colourSpread: Double = 40,
        range: Int? = nil, colourSharpness: Double? = nil, colourEdges: Int = 0
    ) -> QualityMeasures {
        QualityMeasures(
            shortSide: shortSide, sharpness: sharpness, colourSharpness: colourSharpness, edgePixels: edges,
            colourEdgePixels: colourEdges, edgeShare: edgeShare, edgeContrast: edgeContrast,
            brightLevel: range.map { darkLevel + $0 } ?? 240, darkLevel: darkLevel, clippedHighlights: clipped, meanLevel: mean, colourSpread: colourSpread)
    }

    static let cases: [(String, QualityMeasures, QualityProblem?)] = [
        ("an ordinary photo", measures(), nil),
        ("short side 199 px", measures(shortSide: 199), .tooSmall),
        ("short side 200 px", measures(shortSide: 200), nil),
        ("tiny and blurred: size first", measures(shortSide: 120, sharpness: 0.001), .tooSmall),
        ("sharpness just under 0.045", measures(sharpness: 0.0449), .tooBlurry),
        ("sharpness at 0.045", measures(sharpness: 0.045), nil),
        ("no edges to judge, two equally bright colours", measures(sharpness: nil, edgeShare: 0, edges: 0, range: 2), nil),
        ("no edges, one even tone (a wall)", measures(sharpness: nil, edgeShare: 0, edges: 0, colourSpread: 5.9, range: 8), .blank),
        ("no edges, colour spread 6", measures(sharpness: nil, edgeShare: 0, edges: 0, colourSpread: 6, range: 8), nil),
        ("no clear edges, faint ones blurred (σ 12 px)", measures(sharpness: 0.004, edgeShare: 0, edges: 0), .tooBlurry),
        ("39 clear edge pixels, levels spanning 32", measures(sharpness: 0.1, edgeShare: 0, edges: 39, range: 32), .tooBlurry),
        ("39 clear edge pixels, levels spanning 31", measures(sharpness: 0.1, edgeShare: 0, edges: 39, range: 31), nil),
        ("40 clear edge pixels, levels spanning 200", measures(sharpness: 0.1, edgeShare: 0, edges: 40, range: 200), nil),
        ("no clear edges, faint sharp ones (grey on grey)", measures(sharpness: 0.2, edgeShare: 0, edges: 0, colourSpread: 0, range: 15), nil),
        ("one even black tone: too dark, not blank", measures(sharpness: nil, edgeShare: 0, mean: 9, edges: 0, colourSpread: 0), .tooDark),
        ("no edges at all, black (a lens cap)", measures(sharpness: nil, edgeShare: 0, edgeContrast: 255, mean: 9, edges: 0), .tooDark),
        ("39 edge pixels, dim", measures(sharpness: nil, edgeShare: 0, edgeContrast: 255, mean: 40, edges: 39), .tooDark),
        ("40 edge pixels, dim, bright lettering", measures(sharpness: nil, edgeShare: 0, edgeContrast: 255, mean: 40, edges: 40), nil),
        ("dim, flat contrast, mean 54", measures(edgeContrast: 60, mean: 54), .tooDark),
        ("dim, flat contrast, mean 56, little content", measures(edgeShare: 0.01, edgeContrast: 60, mean: 56), nil),
        ("dim, flat contrast, mean 65, plenty of content", measures(edgeShare: 0.05, edgeContrast: 60, mean: 65), .tooDark),
        ("mean 66 with plenty of content", measures(edgeShare: 0.05, edgeContrast: 60, mean: 66), nil),
        ("a dark cover with bright lettering (contrast 90)", measures(edgeContrast: 90, mean: 30), nil),
        ("contrast 89 and dark", measures(edgeContrast: 89, mean: 30), .tooDark),
        ("too dark and blurred: light first", measures(sharpness: 0.01, edgeContrast: 40, mean: 20), .tooDark),
        ("washed out: darkest content 171, half clipped", measures(darkLevel: 171, clipped: 0.5), .tooBright),
        ("a white sleeve with dark text, clipped paper", measures(darkLevel: 40, clipped: 0.9), nil),
        ("bright but under half clipped", measures(darkLevel: 200, clipped: 0.49), nil),
        // Edges of any colour (issue 41): two colours of about the same brightness have edges in colour alone.
        ("luma edges faint and soft, colour edges sharp", measures(sharpness: 0.002, edges: 337, colourSharpness: 0.077, colourEdges: 28_000), nil),
        ("luma soft, colour edges just under 0.045", measures(sharpness: 0.02, colourSharpness: 0.0449, colourEdges: 28_000), .tooBlurry),
        ("luma soft, colour edges at 0.045", measures(sharpness: 0.02, colourSharpness: 0.045, colourEdges: 28_000), nil),
        ("luma sharp, colour edges soft: the sharper counts", measures(sharpness: 0.3, colourSharpness: 0.01, colourEdges: 28_000), nil),
        ("no luma edges, sharp colour edges", measures(sharpness: nil, edgeShare: 0, edges: 0, range: 2, colourSharpness: 0.08, colourEdges: 48_000), nil),
        ("no luma edges, colour edges blurred", measures(sharpness: nil, edgeShare: 0, edges: 0, range: 5, colourSharpness: 0.01, colourEdges: 900), .tooBlurry),
        ("a dark sleeve of two colours (navy and maroon)", measures(sharpness: nil, edgeShare: 0, mean: 46, edges: 0, range: 2, colourSharpness: 0.07, colourEdges: 47_000), nil),
        ("no luma edges, dim, 39 colour edge px", measures(sharpness: nil, edgeShare: 0, mean: 46, edges: 0, range: 2, colourSharpness: 0.07, colourEdges: 39), .tooDark),
        ("no clear edges in luma or colour, levels spanning 32", measures(sharpness: 0.1, edgeShare: 0, edges: 0, range: 32, colourEdges: 39), .tooBlurry),
        ("no clear luma edges, levels spanning 32, colour edges left", measures(sharpness: 0.061, edgeShare: 0, edges: 30, range: 117, colourSharpness: 0.003, colourEdges: 560), .tooBlurry),
        ("no clear luma edges, levels spanning 31, sharp colour edges", measures(sharpness: 0.1, edgeShare: 0, edges: 0, range: 31, colourSharpness: 0.08, colourEdges: 40), nil),
    ]

    @Test(arguments: cases)
    func decides(_ name: String, _ measures: QualityMeasures, _ expected: QualityProblem?) {
        #expect(QualityJudge.problem(measures) == expected, "\(name)")
    }

    /// Every message says what is wrong, then what to do.
    @Test(arguments: QualityProblem.allCases)
    func messagesNameTheFix(_ problem: QualityProblem) {
        let parts = problem.message.split(separator: ":", maxSplits: 1)
        #expect(parts.count == 2)
        #expect(parts[0].hasPrefix("too "))
        #expect(!problem.message.contains("\n"))
    }
}
