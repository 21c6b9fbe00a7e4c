/// Where a command's words go: results to `out` (stdout), progress, warnings and errors to `err` (stderr).
public struct Console: Sendable {
    /// Writes one line of results.
    public var out: @Sendable (String) -> Void
    /// Writes one line of diagnostics.
    public var err: @Sendable (String) -> Void

    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
        self.out = out
        self.err = err
    }

    /// A console that drops everything.
    public static let silent = Console(out: { _ in }, err: { _ in })
}
