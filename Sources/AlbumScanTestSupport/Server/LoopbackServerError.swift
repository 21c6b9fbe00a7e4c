/// Why a loopback fake server could not start.
public struct LoopbackServerError: Error, CustomStringConvertible, Sendable {
    /// The POSIX call that failed.
    public var call: String
    /// The `errno` it left.
    public var code: Int32

    /// Creates the error for `call` failing with `code`.
    public init(call: String, code: Int32) {
        self.call = call
        self.code = code
    }

    public var description: String {
        "loopback fake server: \(call) failed (errno \(code))"
    }
}
