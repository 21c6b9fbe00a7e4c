import AlbumScanServe
import Testing

/// The pairing link's QR code, drawn two module rows per line.
@Suite struct TerminalQRTests {
    @Test("a pairing link makes a square code with its three finder patterns, drawn in half as many lines plus the quiet zone")
    func finderPatternsAndLines() throws {
        let link = "http://192.168.1.20:8750/pair?token=RwOHVqvZchoXoq7mcMjDIxUxQWfObztiYI5NPFPLlb4"
        let code = try #require(TerminalQR(link))
        let side = code.modules.count
        #expect(side >= 21 && (side - 17) % 4 == 0, "a QR version's side is 17 + 4 × version")
        #expect(code.modules.allSatisfy { $0.count == side })
        // Each finder pattern: a dark 7 × 7 ring around a light ring around a dark 3 × 3 centre.
        for (row, column) in [(0, 0), (0, side - 7), (side - 7, 0)] {
            #expect(code.modules[row][column + 3] && code.modules[row + 6][column + 3])
            #expect(!code.modules[row + 1][column + 1])
            #expect(code.modules[row + 3][column + 3])
        }
        let lines = code.lines()
        #expect(lines.count == (side + 8 + 1) / 2)
        #expect(lines.allSatisfy { $0.count == side + 8 })
        #expect(lines[0].allSatisfy { $0 == "█" }, "the quiet zone is drawn light")
    }
}
