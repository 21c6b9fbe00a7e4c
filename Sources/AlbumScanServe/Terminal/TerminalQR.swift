import CZXing

/// A QR code drawn with half blocks: two module rows per text line, dark modules as the terminal's background (so
/// light-on-dark and dark-on-light terminals both scan), with the four-module quiet zone the standard asks for.
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

    /// The lines to print: light modules are drawn as blocks, dark ones left as the background, inverted so that on a
    /// dark terminal the code reads as dark-on-light.
    package func lines(quietZone: Int = 4) -> [String] {
        let side = modules.count + 2 * quietZone
        func dark(_ row: Int, _ column: Int) -> Bool {
            let (r, c) = (row - quietZone, column - quietZone)
            guard r >= 0, c >= 0, r < modules.count, c < modules.count else { return false }
            return modules[r][c]
        }
        return stride(from: 0, to: side, by: 2).map { row in
            String(
                (0..<side).map { column -> Character in
                    let (top, bottom) = (!dark(row, column), row + 1 < side ? !dark(row + 1, column) : false)
                    switch (top, bottom) {
                    case (true, true): return "█"
                    case (true, false): return "▀"
                    case (false, true): return "▄"
                    case (false, false): return " "
                    }
                })
        }
    }
}
