/// A stream a command writes text to: the process's stdout or stderr, or a test's recording.
package protocol TextStream: Sendable {
    /// Writes `text`; false when it (or an earlier write) failed.
    @discardableResult
    func write(_ text: String) -> Bool
    /// Makes what was written durable where that means something (a regular file is synced to disk); false when it,
    /// or an earlier write, failed.
    func flush() -> Bool
    /// The errno of the first failed write, if any.
    var failure: Int32? { get }
}

extension TextStream {
    /// Nothing to sync: only an earlier failure counts.
    package func flush() -> Bool { failure == nil }
}
