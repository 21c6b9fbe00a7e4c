import AlbumScanTestSupport
import Foundation
import Testing

/// Runs a shell command under a pseudo-terminal with util-linux `script`, returning what the terminal received.
enum PseudoTerminal {
    /// Whether `script` is installed; the pty tests need it.
    static var available: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/script") }

    static func run(_ command: String, environment: [String: String], timeout: TimeInterval = 60) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qfec", command, "/dev/null"]
        var environment = environment
        environment["SHELL"] = "/bin/sh"
        environment["COLUMNS"] = "100"
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let sink = LockedValue(Data())
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let data = out.fileHandleForReading.readDataToEndOfFile()
            sink.withLock { $0 = data }
            done.signal()
        }
        if done.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            Issue.record("\(command) did not finish within \(timeout) s")
        }
        process.waitUntilExit()
        return String(decoding: sink.current, as: UTF8.self)
    }

    /// Single-quotes a word for /bin/sh.
    static func quote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
