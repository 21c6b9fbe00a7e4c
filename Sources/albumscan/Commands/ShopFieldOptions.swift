import AlbumScanApp
import AlbumScanCore
import ArgumentParser

/// The shop's fields, as `scan` and `edit` take them. Checked by `values()` at the start of a command's run, so a bad
/// grade or price is one line naming what is accepted (exit 64) before any photo is read or request sent.
struct ShopFieldOptions: ParsableArguments {
    @Option(
        name: .customLong("media-condition"), parsing: .unconditional,
        help: ArgumentHelp(
            "The record's grade in Discogs' words (\"Very Good Plus (VG+)\") or short form: M, NM (or M-), VG+, VG, G+, G, F, P.",
            valueName: "grade"))
    var mediaCondition: String?

    @Option(
        name: .customLong("sleeve-condition"), parsing: .unconditional,
        help: ArgumentHelp(
            "The sleeve's grade: the same grades, or Generic, Not Graded, No Cover.", valueName: "grade"))
    var sleeveCondition: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Where the record sits in the shop, like \"Bin 4\" (Discogs' private location).", valueName: "text"))
    var location: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The shop's own stock number (Discogs' external_id). For several photos or scans, a pattern that numbers them: A-{n} gives A-1, A-2, … from the next free number.",
            valueName: "text"))
    var sku: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("A note for buyers or for the collection.", valueName: "text"))
    var comments: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The shop's own price, a plain number like 12.50 (no currency sign); carried to the exports as typed.",
            valueName: "number"))
    var price: String?

    /// What was typed, by field; fields not given are absent.
    var typed: [ShopField: String] {
        let pairs: [(ShopField, String?)] = [
            (.mediaCondition, mediaCondition), (.sleeveCondition, sleeveCondition), (.location, location), (.sku, sku),
            (.comments, comments), (.price, price),
        ]
        return Dictionary(uniqueKeysWithValues: pairs.compactMap { field, value in value.map { (field, $0) } })
    }

    /// The stored value of every field given (nil clears it: an empty value); a bad grade or price is a usage error,
    /// the first in option order.
    func values() throws -> [ShopField: String?] {
        var values: [ShopField: String?] = [:]
        for (field, text) in typed.sorted(by: { $0.key < $1.key }) {
            // updateValue, not a subscript: assigning nil through one would drop the key instead of clearing.
            values.updateValue(try field.value(from: text), forKey: field)
        }
        return values
    }
}
