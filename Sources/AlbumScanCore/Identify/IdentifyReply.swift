import Foundation

/// One parsed reply of ID Call 1 or ID Call 2, in the one shape every provider is asked for.
package struct IdentifyReply: Sendable, Equatable {
    package enum Status: String, Sendable { case identified, searchNeeded = "search_needed", unresolved }

    package var status: Status
    package var album: Album?
    package var confidence: Confidence
    package var observation: Observation
    package var searchQuery: String?
    package var reason: String?
    /// The edition details read from the sleeve, whatever the status (Call 2 may name the album Call 1 read them on).
    package var edition = Edition()

    /// Parses a reply tolerantly: fences, prose, numeric years, enum case and extra fields are all fine.
    /// Returns nil when no usable JSON object is present.
    package static func parse(_ text: String) -> IdentifyReply? {
        guard let json = LenientJSON.object(in: text) else { return nil }
        let rawStatus = LenientJSON.string(json["status"])?.lowercased().replacingOccurrences(of: " ", with: "_")
        let observed = json["observation"] as? [String: Any] ?? [:]
        let observation = Observation(
            extractedText: LenientJSON.string(observed["extractedText"]) ?? "",
            textConfidence: Confidence(lenient: LenientJSON.string(observed["textConfidence"])),
            visualDescription: LenientJSON.string(observed["visualDescription"]) ?? "")
        var album: Album?
        if let artist = LenientJSON.string(json["artist"]), let title = LenientJSON.string(json["album"]) {
            album = Album(
                artist: artist, title: title, year: LenientJSON.string(json["year"]).map(Self.yearOnly),
                genres: LenientJSON.strings(json["genres"]), label: LenientJSON.string(json["label"]))
        }
        let edition = Edition(
            catalogNumber: LenientJSON.string(json["catalogNumber"]), format: LenientJSON.string(json["format"]),
            country: LenientJSON.string(json["country"]))
        album?.edition = edition
        if let read = album { album?.sources = AlbumSources.read(read, in: observation.extractedText) }
        var status: Status
        switch rawStatus {
        case "identified": status = album == nil ? .unresolved : .identified
        case "search_needed", "searchneeded", "search": status = .searchNeeded
        case "unresolved": status = .unresolved
        default: return nil
        }
        let reason = LenientJSON.string(json["reason"])
        if status == .identified, album == nil { status = .unresolved }
        return IdentifyReply(
            status: status, album: album, confidence: Confidence(lenient: LenientJSON.string(json["confidence"])),
            observation: observation, searchQuery: LenientJSON.string(json["searchQuery"]), reason: reason, edition: edition)
    }

    /// "1997-06-16" or "1997.0" become "1997"; anything without a four-digit year stays as it is.
    static func yearOnly(_ value: String) -> String {
        let digits = value.prefix(4)
        return digits.count == 4 && digits.allSatisfy(\.isNumber) ? String(digits) : value
    }
}
