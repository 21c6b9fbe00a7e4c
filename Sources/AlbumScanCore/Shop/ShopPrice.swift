/// The price a shop types for a record: a plain decimal number, kept as text so it is exported exactly as typed.
///
/// albumscan never looks prices up or suggests them; this only checks that what the shop typed is a number an
/// inventory upload accepts.
package enum ShopPrice {
    /// `text` as a plain decimal (`12`, `12.5`, `12.50`; leading zeros dropped), or nil when it is not a positive
    /// number with at most two decimals and at most seven digits before the point. A decimal comma (`12,50`, what a
    /// European keypad types) is taken as the point and stored as one, as inventory uploads read it; a comma beside
    /// a point (`1,234.50`) is refused rather than guessed at.
    package static func parse(_ text: String) -> String? {
        let decimal = text.contains(".") ? text : text.replacingOccurrences(of: ",", with: ".")
        let parts = decimal.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count) else { return nil }
        let whole = parts[0], fraction = parts.count == 2 ? parts[1] : nil
        guard isDigits(whole), (1...7).contains(whole.count) else { return nil }
        if let fraction, !isDigits(fraction) || !(1...2).contains(fraction.count) { return nil }
        let trimmedWhole = whole.drop { $0 == "0" }
        let number = (trimmedWhole.isEmpty ? "0" : String(trimmedWhole)) + (fraction.map { "." + $0 } ?? "")
        guard number.contains(where: { $0 != "0" && $0 != "." }) else { return nil }
        return number
    }

    private static func isDigits(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
}
