import AlbumScanCore

/// What went wrong, as the CLI says it: a stable code (the JSON `error.code`, such as `invalid-image`) and a
/// one-line message.
public struct AlbumScanFailure: Error, Sendable, CustomStringConvertible {
    /// The error's code, as `albumscan --json` prints it.
    public let code: String
    /// One line saying what went wrong and what to do.
    public let message: String

    public var description: String { message }

    init(_ error: any Error) {
        let known = error as? AlbumScanError ?? .storage("\(error)")
        (code, message) = (known.code, known.message)
    }
}
