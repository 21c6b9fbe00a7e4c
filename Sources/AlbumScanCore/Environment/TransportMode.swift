import Foundation

/// How HTTP reaches the services: live, live while saving every exchange, or answered from recordings.
public enum TransportMode: Sendable, Equatable {
    case live
    case recording(URL)
    case replaying(URL)

    /// `--record DIR` / `--replay DIR` (or their environment variables); empty values count as unset.
    public static func choose(record: String?, replay: String?) throws -> TransportMode {
        switch (record.flatMap(nonEmpty), replay.flatMap(nonEmpty)) {
        case (.some, .some): throw AlbumScanError.usage("--record and --replay cannot be used together")
        case (.some(let directory), nil): .recording(URL(fileURLWithPath: directory))
        case (nil, .some(let directory)): .replaying(URL(fileURLWithPath: directory))
        case (nil, nil): .live
        }
    }

    /// Whether requests leave the machine (replay answers locally, so MusicBrainz needs no spacing).
    public var reachesNetwork: Bool {
        if case .replaying = self { return false }
        return true
    }

    /// The transport for this mode over `network`; `secrets` are scrubbed from recordings.
    public func transport(over network: @autoclosure () -> any HTTPTransport, secrets: [String]) throws -> any HTTPTransport {
        switch self {
        case .live: network()
        case .recording(let directory): try RecordingTransport(inner: network(), directory: directory, secrets: secrets)
        case .replaying(let directory): try ReplayTransport(directory: directory)
        }
    }

    private static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
}
