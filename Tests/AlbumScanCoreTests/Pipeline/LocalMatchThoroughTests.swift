import Testing

@testable import AlbumScanCore

/// Which layout candidate gets Call 0's full comparison: the nearest, only when it stands out from the runner-up.
@Suite struct LocalMatchThoroughTests {
    struct Case: Sendable, CustomStringConvertible {
        var description: String
        var distances: [Float]
        var nearest: [Int]
        var thorough: Int?
    }

    static let cases = [
        Case(description: "well ahead of the runner-up", distances: [0.5, 0.1, 0.3], nearest: [1, 2, 0], thorough: 1),
        Case(description: "about as near as the runner-up", distances: [0.5, 0.1, 0.11], nearest: [1, 2, 0], thorough: nil),
        Case(description: "the only layout within the limit", distances: [0.9, 0.4], nearest: [1], thorough: 1),
        Case(description: "no layout within the limit", distances: [0.9, 0.95], nearest: [], thorough: nil),
    ]

    @Test(arguments: cases)
    func thoroughSlot(_ item: Case) {
        #expect(LocalMatch.thoroughSlot(nearest: item.nearest, distances: item.distances, ratio: 0.8) == item.thorough)
    }
}
