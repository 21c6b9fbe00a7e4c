/// Where a command's words go: results to `out` (stdout), progress, warnings and errors to `err` (stderr).
package struct Console: Sendable {
    /// Writes one line of results.
    package var out: @Sendable (String) -> Void
    /// Writes one line of diagnostics.
    package var err: @Sendable (String) -> Void

    package init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
        self.out = out
        self.err = err
    }

    /// A console that drops everything.
    package static let silent = Console(out: { _ in }, err: { _ in })
}
