import Foundation

/// How HTTP reaches the services: live, live while saving every exchange, or answered from recordings.
package enum TransportMode: Sendable, Equatable {
    case live
    case recording(URL)
    case replaying(URL)

    /// `--record DIR` / `--replay DIR` (or their environment variables); empty values count as unset.
    package static func choose(record: String?, replay: String?) throws -> TransportMode {
        switch (record.flatMap(nonEmpty), replay.flatMap(nonEmpty)) {
        case (.some, .some): throw AlbumScanError.usage("--record and --replay cannot be used together")
        case (.some(let directory), nil): .recording(URL(fileURLWithPath: directory))
        case (nil, .some(let directory)): .replaying(URL(fileURLWithPath: directory))
        case (nil, nil): .live
        }
    }

    /// Whether requests leave the machine (replay answers locally, so MusicBrainz needs no spacing).
    package var reachesNetwork: Bool {
        if case .replaying = self { return false }
        return true
    }

    /// The transport for this mode over `network`; the settings' secrets are scrubbed from recordings, and
    /// recordings are matched below the settings' service roots.
    package func transport(over network: @autoclosure () -> any HTTPTransport, settings: Settings) throws -> any HTTPTransport {
        let roots = ServiceRoots(settings: settings)
        switch self {
        case .live: return network()
        case .recording(let directory):
            return try RecordingTransport(inner: network(), directory: directory, secrets: settings.secrets, roots: roots)
        case .replaying(let directory): return try ReplayTransport(directory: directory, roots: roots)
        }
    }

    private static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
}
