/// Strips what a remote string could use to take over a terminal: escape sequences and control characters.
package enum SafeText {
    /// Removes CSI, OSC, DCS/SOS/PM/APC sequences, every C0 and C1 control character and bidi overrides.
    /// Newlines (and tabs, as a space) survive only when `keepNewlines` is set.
    package static func clean(_ text: String, keepNewlines: Bool = false) -> String {
        var output = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x1B:  // ESC: drop it and the sequence it starts
                guard let next = scalars.next() else { break }
                switch next {
                case "[": skipCSI(&scalars)
                case "]", "P", "X", "^", "_": skipString(&scalars)
                default: break  // two-character escape: both dropped
                }
            case 0x9B: skipCSI(&scalars)
            case 0x9D, 0x90, 0x98, 0x9E, 0x9F: skipString(&scalars)
            case 0x0A where keepNewlines: output.append(scalar)
            case 0x09: output.append(" ")
            case 0x00...0x1F, 0x7F...0x9F: break
            // Bidi overrides and isolates can make a remote string display as something else.
            case 0x202A...0x202E, 0x2066...0x2069: break
            default: output.append(scalar)
            }
        }
        return String(output)
    }

    /// A CSI ends at its final byte, 0x40-0x7E.
    private static func skipCSI(_ scalars: inout String.UnicodeScalarView.Iterator) {
        while let scalar = scalars.next() {
            if (0x40...0x7E).contains(scalar.value) { return }
        }
    }

    /// OSC, DCS and friends end at BEL, ST (ESC \) or the C1 ST.
    private static func skipString(_ scalars: inout String.UnicodeScalarView.Iterator) {
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x07, 0x9C: return
            case 0x1B:
                _ = scalars.next()
                return
            default: continue
            }
        }
    }
}
