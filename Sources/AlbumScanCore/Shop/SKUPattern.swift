import Foundation

/// The rule for a SKU named for many photos at once (a `scan` run, an `edit` of several ids, a `serve` session's
/// default): a shop's SKU names one record, so one plain SKU for many photos is refused, while a pattern holding
/// `{n}` (`A-{n}`) numbers them, … from the next free number among the stored SKUs of that pattern.
///
/// Pure: the store supplies the SKUs already taken and applies the numbers inside its write transaction, so two
/// processes never hand out one number twice.
package enum SKUPattern {
    /// What a pattern holds where the number goes.
    package static let placeholder = "{n}"

    /// Whether `sku` is a pattern (holds `{n}`).
    package static func isPattern(_ sku: String) -> Bool { sku.contains(placeholder) }

    /// Checks a SKU named for `photos` photos (or scans): nil or a pattern always passes, a plain SKU only for one.
    /// A pattern must hold `{n}` exactly once. Otherwise a usage error saying what to give instead.
    package static func check(_ sku: String?, photos: Int, what: String = "photos") throws {
        guard let sku else { return }
        let parts = sku.components(separatedBy: placeholder)
        if parts.count > 2 {
            throw AlbumScanError.usage(
                "--sku '\(SafeText.clean(sku))' holds {n} more than once; a pattern numbers with one {n}, like A-{n}")
        }
        if parts.count == 1, photos > 1 {
            throw AlbumScanError.usage(
                "--sku '\(SafeText.clean(sku))' would give the same SKU to \(photos) \(what); give each its own with a pattern, like --sku '\(SafeText.clean(sku))-{n}' (numbered from the next free number), or set one at a time"
            )
        }
    }

    /// Checks a SKU given as the default for photos still to come (a `serve` session's `--sku`): every photo of the
    /// session would get it, so only a pattern (or none) passes.
    package static func checkDefault(_ sku: String?) throws {
        guard let sku, !isPattern(sku) else { return try check(sku, photos: 1) }
        throw AlbumScanError.usage(
            "--sku '\(SafeText.clean(sku))' would give every photo of the session the same SKU; give a pattern, like --sku '\(SafeText.clean(sku))-{n}' (numbered from the next free number)"
        )
    }

    /// The number `sku` carries under `pattern` (the text around `{n}` the same, whole decimal digits in its
    /// place), nil when it is not of that pattern.
    package static func number(of sku: String, in pattern: String) -> Int? {
        let parts = pattern.components(separatedBy: placeholder)
        guard parts.count == 2, sku.count > parts[0].count + parts[1].count, sku.hasPrefix(parts[0]),
            sku.hasSuffix(parts[1])
        else { return nil }
        let digits = sku.dropFirst(parts[0].count).dropLast(parts[1].count)
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits) else { return nil }
        return number
    }

    /// The next free number: one past the highest that the `taken` SKUs of `pattern` carry, 1 when none does.
    package static func next(_ pattern: String, taken: some Sequence<String>) -> Int {
        taken.reduce(0) { highest, sku in max(highest, number(of: sku, in: pattern) ?? 0) } + 1
    }

    /// `pattern` with `number` in place of `{n}`.
    package static func sku(_ pattern: String, number: Int) -> String {
        pattern.replacingOccurrences(of: placeholder, with: String(number))
    }

    /// The text before `{n}`, which every SKU of the pattern starts with (to narrow the store's query).
    package static func prefix(of pattern: String) -> String {
        pattern.components(separatedBy: placeholder).first ?? pattern
    }
}
