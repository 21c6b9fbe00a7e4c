import AlbumScanApp
import Foundation

/// The command line's arguments as the bytes the shell passed. `CommandLine.arguments` (and so ArgumentParser)
/// replaces invalid UTF-8 with U+FFFD, which names no file.
enum RawArguments {
    /// The original bytes of `argument`: the first raw argument that decodes to it, else its UTF-8.
    static func bytes(_ argument: String) -> [UInt8] {
        bytes(argument, among: raw)
    }

    static func bytes(_ argument: String, among raw: [[UInt8]]) -> [UInt8] {
        // Only a repaired argument differs from its bytes. Two raw arguments that repair to the same text are
        // told apart by nothing left here, so the first wins; that needs two such names on one command line.
        guard argument.unicodeScalars.contains("\u{FFFD}") else { return Array(argument.utf8) }
        return raw.first { String(decoding: $0, as: UTF8.self) == argument } ?? Array(argument.utf8)
    }

    /// Every argument after the program name, as bytes.
    static var raw: [[UInt8]] {
        (1..<Int(CommandLine.argc)).compactMap { index in
            CommandLine.unsafeArgv[index].map {
                Array(UnsafeBufferPointer(start: $0, count: strlen($0))).map(UInt8.init(bitPattern:))
            }
        }
    }
}
