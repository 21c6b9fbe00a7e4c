/// An export of the catalogue: the CSV document, the scans it lists, and the scans it left out by reason
/// (`no-discogs-release`, `artwork-mismatch`, `no-price`, `no-media-condition`, `links-pending`, `exported`).
public struct ExportedCatalogue: Sendable {
    /// The CSV text, header first, CRLF record ends.
    public let document: String
    /// The scans the document lists, in its order.
    public let listed: [Int64]
    /// The scans left out, by reason.
    public let leftOut: [String: [Int64]]

    init(_ export: CatalogueExport) {
        (document, listed) = (export.document, export.listed)
        leftOut = Dictionary(uniqueKeysWithValues: export.leftOut.map { ($0.reason.rawValue, $0.scanIds) })
    }
}
