import AlbumScanCore

/// The CSV forms the catalogue exports in, by the names both doors use (`history --format`, `GET /api/export`).
public enum ExportFormat: String, Sendable, CaseIterable, Codable {
    /// Every column albumscan keeps (RFC 4180, formula-safe).
    case csv
    /// Discogs' inventory upload: scans Discogs accepts as listings.
    case discogsInventory = "discogs-inventory"
    /// Discogs' collection import: release id, grades, notes.
    case discogsCollection = "discogs-collection"

    /// Whether the form lists Discogs release ids, so scans whose links are pending are asked for first.
    package var needsDiscogsLinks: Bool { self != .csv }

    /// The names, for a message: "csv, discogs-inventory or discogs-collection".
    package static let names = "csv, discogs-inventory or discogs-collection"
}
