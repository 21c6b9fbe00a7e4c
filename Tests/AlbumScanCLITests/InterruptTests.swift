import AlbumScanTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C as a user presses it, on the built binary: only a process receives signals.
@Suite struct InterruptTests {
    enum Stream { case stdout, stderr }

    /// Starts the built binary on the fixture's fakes: the process, a stream that ends when it does, and the bytes of
    /// one of its outputs (the other goes nowhere).
    static func start(_ arguments: [String], fixture: CLIFixture, reading stream: Stream) throws
        -> (process: Process, exited: AsyncStream<Void>, read: AsyncStream<Data>)
    {
        let process = Process()
        process.executableURL = CLIRunner.binary
        process.arguments = arguments
        process.environment = fixture.runner.environment
        let pipe = Pipe()
        process.standardOutput = stream == .stdout ? pipe : FileHandle.nullDevice
        process.standardError = stream == .stderr ? pipe : FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let exited = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in exited.continuation.finish() }
        try process.run()
        let read = AsyncStream<Data>.makeStream()
        Thread {
            read.continuation.yield(pipe.fileHandleForReading.readDataToEndOfFile())
            read.continuation.finish()
        }.start()
        return (process, exited.stream, read.stream)
    }

    /// Scans waiting on a slow model end as `interrupted` (not as a time-out), within a second of the signal.
    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalStopsScansInFlightAsInterruptedWithinASecond(signal: Int32) async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        fixture.services.setLatency(openAI: .seconds(20))
        let covers = [try fixture.cover("01"), try fixture.cover("02")]
        let (process, exited, read) = try Self.start(
            ["scan"] + covers + ["--json", "--jobs", "2", "--no-local"], fixture: fixture, reading: .stdout)
        // Both scans are waiting for the model.
        let asked = Date()
        while fixture.services.openAI.calls.filter(\.hasImage).count < 2, Date().timeIntervalSince(asked) < 30 {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(fixture.services.openAI.calls.filter(\.hasImage).count == 2)
        let sent = Date()
        kill(process.processIdentifier, signal)
        for await _ in exited {}
        let seconds = Date().timeIntervalSince(sent)
        var data = Data()
        for await chunk in read { data.append(chunk) }
        #expect(process.terminationStatus == 128 + signal)
        #expect(seconds < 1, "exited \(seconds) s after the signal")
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
        let codes = lines.compactMap { ($0["error"] as? [String: Any])?["code"] as? String }
        #expect(codes == ["interrupted", "interrupted"], "\(lines)")
    }

    /// Ctrl-C while the reviews are being written: the review calls are aborted too (and no retry goes out after the
    /// signal), the exit comes within a second, and the message says what the provider may still bill.
    @Test func aSignalAbortsReviewCallsToo() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        fixture.services.setLatency(openAI: .seconds(3))
        let covers = [try fixture.cover("01"), try fixture.cover("02")]
        let (process, exited, read) = try Self.start(
            ["scan"] + covers + ["--jobs", "2", "--no-local", "--no-art"], fixture: fixture, reading: .stderr)
        // Both review calls are under way (the model's calls without the photo): one scan's review sent just after
        // the signal would be a request the signal did not stop.
        let asked = Date()
        let reviews = { fixture.services.openAI.calls.filter { !$0.hasImage }.count }
        while reviews() < 2, Date().timeIntervalSince(asked) < 30 {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(reviews() == 2)
        let sent = Date()
        kill(process.processIdentifier, SIGINT)
        for await _ in exited {}
        let seconds = Date().timeIntervalSince(sent)
        var data = Data()
        for await chunk in read { data.append(chunk) }
        #expect(process.terminationStatus == 130)
        #expect(seconds < 1, "exited \(seconds) s after the signal")
        let late = fixture.services.openAI.server.requests.filter { $0.receivedAt > sent }
        #expect(late.isEmpty, "\(late.count) model requests after the signal")
        #expect(String(decoding: data, as: UTF8.self).contains("may still be billed by the provider"))
    }
}
