import AlbumScanCore
import Foundation

/// What the progress line says at a given moment: the seed's stage messages, timed, with an animated ellipsis.
enum ProgressLine {
    static let identifying = "Extracting text and examining album art"
    static let searching = "Flipping through every record bin in existence"
    static let reviewing = "Writing a review that's somehow both pretentious and correct"
    /// After this long identifying, the message changes, as in the app.
    static let searchSwitch: TimeInterval = 3.5
    /// One step of the ellipsis: ".", "..", "...", ".", ...
    static let dotStep: TimeInterval = 0.5
    /// "We found ..." stays on the line at least this long; only the display waits, never the scan.
    static let foundHold: TimeInterval = 1.0

    /// One stage a scan reported, and when.
    struct Event {
        var stage: ScanStage
        var at: Date
    }

    static func found(_ album: Album) -> String {
        "We found \(SafeText.clean(album.title)) by \(SafeText.clean(album.artist))"
    }

    /// The line for a scan's events so far, or nil while nothing worth saying has happened.
    static func text(_ events: [Event], now: Date) -> String? {
        if let found = events.last(where: { if case .found = $0.stage { true } else { false } }),
            case .found(let album) = found.stage, now.timeIntervalSince(found.at) < foundHold
        {
            return Self.found(album)
        }
        guard let shown = events.last(where: { message($0.stage) != nil }) else { return nil }
        switch shown.stage {
        case .identifying:
            let elapsed = now.timeIntervalSince(shown.at)
            return (elapsed < searchSwitch ? identifying : searching) + dots(elapsed)
        case .searching:
            return searching + dots(now.timeIntervalSince(shown.at))
        case .found(let album):
            return Self.found(album)
        case .reviewing:
            let foundAt = events.last { if case .found = $0.stage { true } else { false } }?.at
            let start = max(shown.at, foundAt.map { $0.addingTimeInterval(foundHold) } ?? shown.at)
            return reviewing + dots(now.timeIntervalSince(start))
        case .preparing, .saving:
            return nil
        }
    }

    /// The stage's own message, nil for the quick stages that keep the previous line.
    static func message(_ stage: ScanStage) -> String? {
        switch stage {
        case .preparing, .saving: nil
        case .identifying: identifying
        case .searching: searching
        case .found(let album): found(album)
        case .reviewing: reviewing
        }
    }

    static func dots(_ elapsed: TimeInterval) -> String {
        String(repeating: ".", count: Int(max(0, elapsed) / dotStep) % 3 + 1)
    }
}
