import AlbumScanTestSupport
import Foundation
import Testing

@testable import AlbumScanApp
@testable import albumscan

/// Runs `albumscan` commands with a private ALBUMSCAN_HOME and captures what they print: in-process on a recording
/// console (`run`), or as the built binary (`spawn`) for what only a process shows.
struct CLIRunner {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String

        /// stdout split into JSON objects, one per line.
        var jsonLines: [[String: Any]] {
            stdout.split(separator: "\n").compactMap {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
            }
        }

        var json: Any? { try? JSONSerialization.jsonObject(with: Data(stdout.utf8)) }
    }

    let home: URL
    var environment: [String: String]

    /// A runner with a fresh state folder and no inherited OpenAI settings.
    init(services: [String: String] = [:]) throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("albumscan-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("OPENAI_") && !$0.key.hasPrefix("ALBUMSCAN_")
        }
        environment["ALBUMSCAN_HOME"] = home.path
        environment["NO_COLOR"] = "1"
        environment.merge(services) { $1 }
        self.environment = environment
    }

    /// The binary next to the test bundle, in the same build folder.
    static var binary: URL {
        let build = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent(".build/debug/albumscan")
        if let override = ProcessInfo.processInfo.environment["ALBUMSCAN_BIN"] { return URL(fileURLWithPath: override) }
        return build
    }

    /// Runs the command in-process on a recording console; one still running after `timeout` seconds is cancelled
    /// and fails the test.
    func run(
        _ arguments: [String], extraEnvironment: [String: String] = [:], standardInput: Data = Data(),
        timeout: TimeInterval = 120
    ) async throws -> Output {
        let environment = environment.merging(extraEnvironment) { $1 }
        let out = RecordedStream(), err = RecordedStream()
        let console = CommandConsole(
            output: out, error: err, stdoutIsTTY: false, stderrIsTTY: false, width: CommandConsole.columns(environment),
            errorWidth: CommandConsole.columns(environment), noColor: environment["NO_COLOR"].map { !$0.isEmpty } ?? false)
        let context = CommandContext(
            console: console, processEnvironment: environment, now: { Date() }, rawArguments: arguments.map { Array($0.utf8) },
            listensForSignals: false, standardInput: { standardInput })
        let command = Task { await CommandRunner.run(arguments, context: context) }
        let watchdog = Task {
            try await Task.sleep(for: .seconds(timeout))
            command.cancel()
            Issue.record("albumscan \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
        }
        let status = await command.value
        watchdog.cancel()
        return Output(status: status, stdout: out.text, stderr: err.text)
    }

    /// Runs the binary and waits without holding a thread of the cooperative pool (the pipes are read on threads of
    /// their own), killing it after `timeout` seconds so a hang fails the test instead of CI.
    func spawn(
        _ arguments: [String], extraEnvironment: [String: String] = [:], currentDirectory: URL? = nil,
        timeout: TimeInterval = 60
    ) async throws -> Output {
        let process = Process()
        process.executableURL = Self.binary
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        process.arguments = arguments
        process.environment = environment.merging(extraEnvironment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let exited = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in exited.continuation.finish() }
        try process.run()
        let readers = [out, err].map { pipe in
            let read = AsyncStream<Data>.makeStream()
            Thread {
                read.continuation.yield(pipe.fileHandleForReading.readDataToEndOfFile())
                read.continuation.finish()
            }.start()
            return read.stream
        }
        let watchdog = Task {
            try await Task.sleep(for: .seconds(timeout))
            process.terminate()
            Issue.record("albumscan \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
        }
        var captured: [Data] = []
        for reader in readers {
            var data = Data()
            for await chunk in reader { data.append(chunk) }
            captured.append(data)
        }
        for await _ in exited.stream {}
        watchdog.cancel()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: captured[0], as: UTF8.self),
            stderr: String(decoding: captured[1], as: UTF8.self))
    }

    func remove() { try? FileManager.default.removeItem(at: home) }
}
