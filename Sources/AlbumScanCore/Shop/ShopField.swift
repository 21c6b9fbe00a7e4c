import Foundation

/// One of the shop's own fields on a scan: its grades, where the record sits, the shop's SKU, a comment and the
/// price the shop typed. Each is a column of `scans` named by the raw value.
package enum ShopField: String, Sendable, CaseIterable, Comparable {
    case mediaCondition, sleeveCondition, location, sku, comments, price

    /// The command-line option that sets it.
    package var option: String {
        switch self {
        case .mediaCondition: "--media-condition"
        case .sleeveCondition: "--sleeve-condition"
        case .location: "--location"
        case .sku: "--sku"
        case .comments: "--comments"
        case .price: "--price"
        }
    }

    /// The value to store for what the user typed: nil clears the field (an empty or blank value); a grade becomes
    /// Discogs' exact string and a price its plain decimal. Anything else is a usage error naming what is accepted.
    package func value(from typed: String) throws -> String? {
        let trimmed = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        switch self {
        case .mediaCondition, .sleeveCondition:
            let scale: Grade.Scale = self == .mediaCondition ? .media : .sleeve
            guard let grade = scale.parse(trimmed) else {
                throw AlbumScanError.usage(
                    "\(option) '\(SafeText.clean(trimmed))' is not a Discogs grade; use one of: \(scale.accepted)")
            }
            return grade
        case .price:
            guard let price = ShopPrice.parse(trimmed) else {
                throw AlbumScanError.usage(
                    "--price '\(SafeText.clean(trimmed))' is not a price; use a number like 12 or 12.50 (no currency sign; a dot or a comma for decimals)"
                )
            }
            return price
        case .location, .sku, .comments:
            // One line each: a line break or a control character would break a CSV row in a careless reader.
            let cleaned = SafeText.clean(trimmed)
            guard cleaned == trimmed else {
                throw AlbumScanError.usage("\(option) must be one line of text with no control characters")
            }
            return trimmed
        }
    }

    package static func < (lhs: ShopField, rhs: ShopField) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
