import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An `albumscan serve` process for the serve group: started on 127.0.0.1 with a port the system picks, its pairing
/// link read from its first line, its memory read from /proc, stopped with SIGINT.
final class ServeProcess {
    let process = Process()
    let port: UInt16
    let token: String

    init(binary: String, arguments: [String], environment: [String: String]) throws {
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["serve", "--bind", "127.0.0.1", "--port", "0"] + arguments
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 0x0A {
            line.append(first)
        }
        let link = String(decoding: line, as: UTF8.self)
        guard let url = URLComponents(string: link), let port = url.port,
            let token = url.queryItems?.first(where: { $0.name == "token" })?.value
        else {
            process.terminate()
            throw BenchError("albumscan serve printed no pairing link: \(link)")
        }
        (self.port, self.token) = (UInt16(port), token)
    }

    /// A field of /proc/PID/status in bytes (VmRSS now, VmHWM the peak).
    func memory(_ field: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return 0 }
        return kilobytes * 1024
    }

    /// SIGINT, then its exit status.
    func stop() -> Int32 {
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        return process.terminationStatus
    }
}
