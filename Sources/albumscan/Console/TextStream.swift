/// A stream a command writes text to: the process's stdout or stderr, or a test's recording.
protocol TextStream: Sendable {
    /// Writes `text`; false when it (or an earlier write) failed.
    @discardableResult
    func write(_ text: String) -> Bool
    /// The errno of the first failed write, if any.
    var failure: Int32? { get }
}
