import AlbumScanApp
import AlbumScanCore
import Foundation

/// What the progress line says at a given moment: the seed's stage messages, timed, with an animated ellipsis.
enum ProgressLine {
    static let identifying = StageWords.identifying
    static let searching = StageWords.searching
    static let reviewing = StageWords.reviewing
    /// After this long identifying, the message changes, as in the app.
    static let searchSwitch = StageWords.searchSwitch
    /// One step of the ellipsis: ".", "..", "...", ".", ...
    static let dotStep: TimeInterval = 0.5
    /// "We found ..." stays on the line at least this long; only the display waits, never the scan.
    static let foundHold: TimeInterval = 1.0

    /// One stage a scan reported, and when.
    struct Event {
        var stage: ScanStage
        var at: Date
    }

    static func found(_ album: Album) -> String { StageWords.found(title: album.title, artist: album.artist) }

    /// The line for a scan's events so far, or nil while nothing worth saying has happened.
    static func text(_ events: [Event], now: Date) -> String? {
        if let found = events.last(where: { if case .found = $0.stage { true } else { false } }),
            case .found(let album) = found.stage, now.timeIntervalSince(found.at) < foundHold
        {
            return Self.found(album)
        }
        // A wait that is over gives the line back to the stage before it.
        let current = events.filter { event in
            if case .waiting(_, let until) = event.stage { return until > now }
            return true
        }
        guard let shown = current.last(where: { message($0.stage) != nil }) else { return nil }
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
        case .waiting(let service, let until):
            return waiting(service, seconds: until.timeIntervalSince(now))
        case .preparing, .saving:
            return nil
        }
    }

    /// `Waiting for Discogs (it asked for a pause): 4 s`.
    static func waiting(_ service: String, seconds: TimeInterval) -> String {
        "Waiting for \(service) (it asked for a pause): \(max(1, Int(seconds.rounded(.up)))) s"
    }

    /// The stage's own message, nil for the quick stages that keep the previous line.
    static func message(_ stage: ScanStage) -> String? {
        switch stage {
        case .preparing, .saving: nil
        case .identifying: identifying
        case .searching: searching
        case .found(let album): found(album)
        case .reviewing: reviewing
        case .waiting(let service, _): waiting(service, seconds: 1)
        }
    }

    /// A batch's counter before the stage message: photos done of all, and once one is done the rate and the time
    /// left at that rate, e.g. `[3/12 · 18/min · ETA 0:30]`.
    static func counter(done: Int, total: Int, elapsed: TimeInterval) -> String {
        guard done > 0, elapsed > 0 else { return "[\(done)/\(total)]" }
        let perSecond = Double(done) / elapsed
        let rate = perSecond >= 1 ? String(format: "%.1f/s", perSecond) : rateText(perSecond * 60) + "/min"
        guard done < total else { return "[\(done)/\(total) · \(rate)]" }
        return "[\(done)/\(total) · \(rate) · ETA \(clock(Double(total - done) / perSecond))]"
    }

    /// Whole numbers from 10 up, one decimal below.
    private static func rateText(_ value: Double) -> String {
        value >= 10 ? String(Int(value.rounded())) : String(format: "%.1f", value)
    }

    /// "m:ss", or "h:mm:ss" from an hour.
    static func clock(_ seconds: TimeInterval) -> String {
        let whole = Int(seconds.rounded(.up))
        let (hours, minutes, rest) = (whole / 3600, whole % 3600 / 60, whole % 60)
        return hours > 0
            ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }

    static func dots(_ elapsed: TimeInterval) -> String {
        String(repeating: ".", count: Int(max(0, elapsed) / dotStep) % 3 + 1)
    }
}
