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

    @Test("where colour is allowed the code is forced black on white: dark modules are the blocks, on a white background")
    func forcedBlackOnWhite() throws {
        let code = try #require(TerminalQR("http://192.168.1.20:8750/pair?token=abc"))
        let side = code.modules.count
        let plain = code.lines()
        let coloured = code.lines(colour: true)
        #expect(coloured.count == plain.count)
        for line in coloured {
            #expect(line.hasPrefix("\u{1B}[30;47;107m") && line.hasSuffix("\u{1B}[0m"), "each line sets and resets its colours")
        }
        let body = coloured.map { String($0.dropFirst("\u{1B}[30;47;107m".count).dropLast("\u{1B}[0m".count)) }
        #expect(body.allSatisfy { $0.count == side + 8 })
        #expect(body[0].allSatisfy { $0 == " " }, "the quiet zone is the white background")
        // The top-left finder's first row (module row 0, line 2 from the top, upper half) is dark: drawn as blocks.
        let finderRow = Array(body[2])
        #expect((4..<11).allSatisfy { finderRow[$0] == "▀" || finderRow[$0] == "█" })
        // Coloured, each character is the plain one inverted.
        let inverse: [Character: Character] = ["█": " ", " ": "█", "▀": "▄", "▄": "▀"]
        for (plainLine, colouredLine) in zip(plain.dropLast(), body.dropLast()) {
            #expect(String(plainLine.map { inverse[$0] ?? "?" }) == colouredLine)
        }
    }
}
