import Foundation

/// A file to scan, by the exact bytes of its path: file names need not be valid UTF-8, and `URL` and `String`
/// would replace such bytes with U+FFFD and then find no such file.
package struct InputPath: Sendable, Equatable {
    /// The path as the file system knows it.
    package var bytes: [UInt8]

    package init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The path of a file URL.
    package init(_ url: URL) {
        bytes = Array(url.relativePath.utf8)
    }

    /// The path for people: invalid UTF-8 shown as U+FFFD.
    package var name: String { String(decoding: bytes, as: UTF8.self) }

    /// This path with `component` appended after a slash.
    package func appending(_ component: [UInt8]) -> InputPath {
        InputPath(bytes: bytes.last == UInt8(ascii: "/") ? bytes + component : bytes + [UInt8(ascii: "/")] + component)
    }

    /// Calls `body` with the path as a C string.
    package func withCString<T>(_ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        try (bytes.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { try body($0.baseAddress!) }
    }
}
