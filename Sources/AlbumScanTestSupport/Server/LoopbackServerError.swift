/// Why a loopback fake server could not start.
package struct LoopbackServerError: Error, CustomStringConvertible, Sendable {
    /// The POSIX call that failed.
    package var call: String
    /// The `errno` it left.
    package var code: Int32

    /// Creates the error for `call` failing with `code`.
    package init(call: String, code: Int32) {
        self.call = call
        self.code = code
    }

    package var description: String {
        "loopback fake server: \(call) failed (errno \(code))"
    }
}
