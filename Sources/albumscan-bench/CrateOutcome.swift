import AlbumScanCore
import AlbumScanTestSupport

/// What became of one crate photo, and whether the answer names the album photographed.
struct CrateOutcome {
    var photo: CratePhotos.Photo
    var result: ScanResult

    /// How the scan was identified, or why it was not (`photo-quality`, `unidentified`).
    var outcome: String {
        if let method = result.identification?.method, result.status == .identified { return method.rawValue }
        return result.error?.code ?? result.status.rawValue
    }

    /// Identified as another album than the one photographed.
    var isWrong: Bool { result.status == .identified && result.album?.title != photo.album.title }

    /// Outcome counts by kind of photo: "25 covers: duplicate 5, model 19, search 1; 10 backs: barcode 10; ...".
    /// A cover and its copy count together: which of the two leads and which waits is a race.
    static func summary(_ outcomes: [CrateOutcome]) -> String {
        let groups: [(name: String, kinds: Set<CratePhotos.Photo.Kind>)] = [
            ("covers", [.front, .duplicate]), ("backs", [.back]), ("blurred", [.blurred]), ("repeats", [.repeat]),
        ]
        return groups.map { group in
            let members = outcomes.filter { group.kinds.contains($0.photo.kind) }
            var counts: [String: Int] = [:]
            for outcome in members { counts[outcome.outcome, default: 0] += 1 }
            let listed = counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            return "\(members.count) \(group.name): \(listed)"
        }.joined(separator: "; ")
    }

    /// "photo → answer" for each wrong one.
    static func describe(_ wrong: [CrateOutcome]) -> String {
        wrong.map { "\($0.photo.name) → \($0.result.album?.title ?? "?") (\($0.outcome))" }.joined(separator: ", ")
    }
}
