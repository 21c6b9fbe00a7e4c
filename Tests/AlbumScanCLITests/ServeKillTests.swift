import AlbumScanTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `albumscan serve` killed (SIGKILL) while scans wait on the model, then started again on the same home: the photos
/// it had received are scanned again, each saved once, nothing charged twice, and the log says a cut-short model call
/// may still have been billed.
@Suite struct ServeKillTests {
    @Test("a server killed mid-scan resumes its photos on restart: each saved once, the quota charged once each")
    func killedMidScan() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        _ = try await fixture.runner.spawn(["account", "set-tier", "ultra"])
        // Long enough that no scan can finish before the kill, however loaded the machine.
        fixture.services.setLatency(openAI: .seconds(600))
        let covers = try ["01", "03", "06"].map { try Data(contentsOf: URL(fileURLWithPath: try fixture.cover($0))) }

        let first = try ServeRun(environment: fixture.runner.environment)
        for (index, cover) in covers.enumerated() {
            let answer = try await first.http.send(
                "POST", "/api/scans?name=cover-\(index).jpg&noLocal=1", headers: first.bearer, body: cover)
            #expect(answer.status == 202)
        }
        let asked = Date()
        while fixture.services.openAI.calls.filter(\.hasImage).count < 3, Date().timeIntervalSince(asked) < 60 {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(fixture.services.openAI.calls.filter(\.hasImage).count == 3, "model calls in flight at the kill")
        kill(first.process.processIdentifier, SIGKILL)
        first.process.waitUntilExit()
        #expect(first.process.terminationReason == .uncaughtSignal)
        fixture.services.setLatency(openAI: .zero)

        let second = try ServeRun(environment: fixture.runner.environment)
        let deadline = Date().addingTimeInterval(90)
        var jobs: [[String: Any]] = []
        while Date() < deadline {
            let answer = try await second.http.send("GET", "/api/jobs", headers: second.bearer)
            jobs = (try answer.json() as? [[String: Any]]) ?? []
            if jobs.count == covers.count, jobs.allSatisfy({ $0["state"] as? String == "done" }) { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(jobs.count == covers.count, "the restarted server re-lists the photos it had received")
        #expect(jobs.allSatisfy { ($0["result"] as? [String: Any])?["status"] as? String == "identified" }, "\(jobs)")
        // The page sends again what it still holds: the server knows each photo and scans none twice (each send
        // gets a job of its own, answered from the saved scan).
        for cover in covers {
            let again = try await second.http.send("POST", "/api/scans?noLocal=1", headers: second.bearer, body: cover)
            #expect(again.status == 202)
            let job = try #require((try again.json() as? [String: Any])?["job"] as? String)
            var result: [String: Any]?
            while result == nil, Date() < deadline {
                let answer = try await second.http.send("GET", "/api/jobs/\(job)", headers: second.bearer)
                result = (try answer.json() as? [String: Any]).flatMap {
                    $0["state"] as? String == "done" ? $0["result"] as? [String: Any] : nil
                }
                if result == nil { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect((result?["skipped"] as? [String: Any])?["reason"] as? String == "already-scanned", "\(result ?? [:])")
        }
        #expect(second.stop() == 0)
        let stderr = second.stderr()
        #expect(stderr.contains("3 photos received before the server last stopped are scanned again"), "\(stderr)")
        #expect(stderr.contains("may still have been billed"))

        let history = try await fixture.runner.spawn(["history", "--json"])
        let scans = try #require(history.json as? [[String: Any]])
        #expect(scans.count == covers.count, "each photo saved once")
        #expect(Set(scans.compactMap { $0["file"] as? String }).count == covers.count)
        let account = try await fixture.runner.spawn(["account", "--json"])
        let used = try #require(account.json as? [String: Any])["scansUsed"] as? Int
        #expect(used == covers.count, "charged once per saved scan, not for the calls the kill cut short")
    }
}

/// One `albumscan serve` process on 127.0.0.1 for the kill test, its stderr kept in a file.
private struct ServeRun {
    let process = Process()
    let http: RawHTTP
    let bearer: [String: String]
    let errorFile: URL

    init(environment: [String: String]) throws {
        process.executableURL = CLIRunner.binary
        process.arguments = ["serve", "--bind", "127.0.0.1", "--port", "0", "--jobs", "3"]
        process.environment = environment
        let out = Pipe()
        errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString).err")
        guard FileManager.default.createFile(atPath: errorFile.path, contents: nil) else {
            throw HTTPTestError("cannot create \(errorFile.path)")
        }
        process.standardOutput = out
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        var line = Data()
        while let byte = try out.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 0x0A {
            line.append(first)
        }
        let link = String(decoding: line, as: UTF8.self)
        guard let url = URLComponents(string: link), let port = url.port,
            let token = url.queryItems?.first(where: { $0.name == "token" })?.value
        else { throw HTTPTestError("serve printed no pairing link: \(link)") }
        http = RawHTTP(port: UInt16(port))
        bearer = ["Authorization": "Bearer \(token)"]
    }

    func stop() -> Int32 {
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        return process.terminationStatus
    }

    func stderr() -> String {
        String(decoding: (try? Data(contentsOf: errorFile)) ?? Data(), as: UTF8.self)
    }
}

/// What `serve` says when it cannot listen.
@Suite struct ServeStartTests {
    @Test("a port in use exits 69 with one line naming --port")
    func portInUse() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let occupied = try OccupiedPort()
        defer { occupied.release() }
        let output = try await fixture.runner.spawn(
            ["serve", "--bind", "127.0.0.1", "--port", "\(occupied.port)"], timeout: 30)
        #expect(output.status == 69)
        let lines = output.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(output.stderr)")
        #expect(output.stderr.contains("--port"))
        #expect(output.stdout.isEmpty, "no pairing link for a server that does not listen")
    }
}
