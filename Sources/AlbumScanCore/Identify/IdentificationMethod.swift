/// How a scan was identified: `identification.method` in JSON, `method` in the store and the CSV export.
public enum IdentificationMethod: String, Codable, Sendable, CaseIterable {
    /// ID Call 1 named the album.
    case model
    /// ID Call 2 (web search) named it.
    case search
    /// Call 0: the photo matched the verified artwork of an album already in the store; no model call.
    case local
    /// A barcode in the photo named the release on MusicBrainz; no model call.
    case barcode
    /// Another photo of the same cover earlier in the same run was identified; this one followed it.
    case duplicate

    /// Whether a model was called to identify (these scans use quota).
    public var paid: Bool { self == .model || self == .search }

    /// The method of a model identification that made `calls` calls.
    public static func model(calls: Int) -> IdentificationMethod { calls >= 2 ? .search : .model }
}
