/// A service answered, after any retries, with a status the caller cannot use.
public struct HTTPStatusError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The HTTP status code, such as 404 or 503.
    public var status: Int
    /// The service as named in messages, such as "MusicBrainz".
    public var service: String

    /// Creates the error for `service` answering `status`.
    public init(status: Int, service: String) {
        self.status = status
        self.service = service
    }

    /// Whether the thing asked for does not exist (404 or 410), as opposed to the service failing.
    public var isNotFound: Bool { status == 404 || status == 410 }

    /// A short description for messages, such as "MusicBrainz answered HTTP 503".
    public var summary: String { "\(service) answered HTTP \(status)" }

    public var description: String { summary }
}
