import AlbumScanApp
/// Terminal columns a string takes, and word-wrapping and fitting by those columns.
enum TextWrap {
    /// Columns of one scalar: 0 for combining marks and joiners, 2 for East Asian wide and emoji, else 1.
    static func columns(of scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F, 0x20D0...0x20FF: 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            2
        default: 1
        }
    }

    /// Columns a plain (escape-free) string takes.
    static func columns(_ text: some StringProtocol) -> Int {
        text.unicodeScalars.reduce(0) { $0 + columns(of: $1) }
    }

    /// Word-wraps `text` to `width` columns. The first line starts with `indent`, the rest with `continuation`.
    /// A word longer than a line is cut, so no line ever runs past the width.
    static func wrap(_ text: String, width: Int, indent: String = "", continuation: String? = nil) -> [String] {
        let next = continuation ?? indent
        var lines: [String] = []
        var current = indent
        var empty = true
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            var word = String(word)
            if !empty, columns(current) + 1 + columns(word) > width {
                lines.append(current)
                current = next
                empty = true
            }
            while columns(current) + columns(word) > width, columns(current) < width {
                let room = width - columns(current)
                let (head, tail) = split(word, at: room)
                guard !head.isEmpty else { break }
                lines.append(current + head)
                current = next
                word = tail
            }
            current += (empty ? "" : " ") + word
            empty = false
        }
        lines.append(current)
        return lines
    }

    /// Pads or cuts to exactly `width` columns, marking a cut with "…".
    static func fit(_ text: String, _ width: Int) -> String {
        let used = columns(text)
        if used <= width { return text + String(repeating: " ", count: width - used) }
        let (head, _) = split(text, at: max(0, width - 1))
        return head + "…" + String(repeating: " ", count: max(0, width - 1 - columns(head)))
    }

    /// The longest prefix that fits in `limit` columns, and the rest.
    static func split(_ text: String, at limit: Int) -> (String, String) {
        var used = 0
        var index = text.startIndex
        while index < text.endIndex {
            let width = columns(text[index...index])
            if used + width > limit { break }
            used += width
            index = text.index(after: index)
        }
        return (String(text[..<index]), String(text[index...]))
    }
}
