/// A service answered, after any retries, with a status the caller cannot use.
package struct HTTPStatusError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The HTTP status code, such as 404 or 503.
    package var status: Int
    /// The service as named in messages, such as "MusicBrainz".
    package var service: String

    /// Creates the error for `service` answering `status`.
    package init(status: Int, service: String) {
        self.status = status
        self.service = service
    }

    /// Whether the thing asked for does not exist (404 or 410), as opposed to the service failing.
    package var isNotFound: Bool { status == 404 || status == 410 }

    /// A short description for messages, such as "MusicBrainz answered HTTP 503".
    package var summary: String { "\(service) answered HTTP \(status)" }

    package var description: String { summary }
}
