import Foundation

/// Deterministic fake identifiers, so fixtures are stable between runs.
package enum FakeIDs {
    /// A lower-case UUID-shaped string derived from `seed` (same seed, same id).
    package static func uuid(_ seed: String) -> String {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x8422_2325_cbf2_9ce4
        for byte in seed.utf8 {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 &+ 0x9e37
        }
        let hex = String(format: "%016llx%016llx", first, second)
        let characters = Array(hex)
        func slice(_ range: Range<Int>) -> String { String(characters[range]) }
        // Version nibble 4 and variant 8 so it passes strict UUID checks.
        return "\(slice(0..<8))-\(slice(8..<12))-4\(slice(13..<16))-8\(slice(17..<20))-\(slice(20..<32))"
    }

    /// Whether `text` is a canonical 8-4-4-4-12 hexadecimal UUID (either case).
    package static func isUUID(_ text: String) -> Bool {
        text.range(
            of: #"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"#,
            options: .regularExpression) != nil
    }
}
