/// How a scan was identified: `identification.method` in JSON, `method` in the store and the CSV export.
package enum IdentificationMethod: String, Codable, Sendable, CaseIterable {
    /// ID Call 1 named the album.
    case model
    /// ID Call 2 (the web search) named it.
    case search
    /// Call 0: the photo matched the verified artwork of an album already in the store (or, for `duplicate`, of
    /// one identified earlier in this run); no model call.
    case local
    /// A barcode on the sleeve named the release on MusicBrainz, with no model call.
    case barcode
    /// Another photo of the same cover in the same run was identified; this one followed it.
    case duplicate

    /// The method of a model identification that made `calls` calls.
    package static func model(calls: Int) -> IdentificationMethod { calls >= 2 ? .search : .model }

    /// Whether this method spends model calls (and so the scan quota).
    package var usesModel: Bool { self == .model || self == .search }
}
