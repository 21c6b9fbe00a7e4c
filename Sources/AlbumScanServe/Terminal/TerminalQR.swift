import CZXing

/// A QR code drawn with half blocks: two module rows per text line, with the four-module quiet zone the standard asks
/// for. Where colour is allowed it is drawn black on white whatever the terminal's colours (as `qrencode -t
/// ANSIUTF8` does); without colour, light modules are drawn as blocks, which reads on a dark terminal.
package struct TerminalQR: Sendable {
    /// Modules, row by row, true for dark.
    package let modules: [[Bool]]

    /// The code of `text` at error-correction level M; nil if the library could not make one.
    package init?(_ text: String) {
        var buffer = [UInt8](repeating: 0, count: 177 * 177)
        let side = Int(albumscan_qr_modules(text, 2, &buffer, Int32(buffer.count)))
        guard side > 0 else { return nil }
        modules = (0..<side).map { row in (0..<side).map { buffer[row * side + $0] == 1 } }
    }

    /// Black on white (dark modules as black blocks, on a white background), then back to the terminal's colours.
    static let blackOnWhite = "\u{1B}[30;47;107m"
    static let reset = "\u{1B}[0m"

    /// The lines to print. With `colour`, each line forces black on white and dark modules are the blocks; without,
    /// light modules are drawn as blocks and dark ones left as the background (dark-on-light on a dark terminal).
    package func lines(quietZone: Int = 4, colour: Bool = false) -> [String] {
        let side = modules.count + 2 * quietZone
        func dark(_ row: Int, _ column: Int) -> Bool {
            let (r, c) = (row - quietZone, column - quietZone)
            guard r >= 0, c >= 0, r < modules.count, c < modules.count else { return false }
            return modules[r][c]
        }
        return stride(from: 0, to: side, by: 2).map { row in
            String(
                (0..<side).map { column -> Character in
                    let lower = row + 1 < side ? dark(row + 1, column) : !colour
                    let (top, bottom) = colour ? (dark(row, column), lower) : (!dark(row, column), !lower)
                    switch (top, bottom) {
                    case (true, true): return "█"
                    case (true, false): return "▀"
                    case (false, true): return "▄"
                    case (false, false): return " "
                    }
                }
            )
        }.map { colour ? Self.blackOnWhite + $0 + Self.reset : $0 }
    }
}
