import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `kill -9`, SIGINT or SIGTERM at random points of scans and keyring writes, and scans on a disk that fills up;
/// then checks that nothing was corrupted or lost, that stored scans and charged quota agree, and that no
/// temporary file was left behind.
///
/// Ten trials always run; `ALBUMSCAN_KILL_TRIALS=N` runs N and
/// `ALBUMSCAN_KILL_SEED` replays a run's random choices.
@Suite("Kill trials", .serialized)
struct KillTrialsTests {
    static let trialCount = ProcessInfo.processInfo.environment["ALBUMSCAN_KILL_TRIALS"].flatMap { Int($0) } ?? 10
    /// A fresh state folder every this many trials, so a long run never reaches the Ultra monthly limit.
    static let trialsPerHome = 15

    @Test("no corruption, no leaked reservation, no scan/charge difference after kills at random points")
    func killedProcessesLeaveConsistentState() async throws {
        let seed =
            ProcessInfo.processInfo.environment["ALBUMSCAN_KILL_SEED"].flatMap { UInt64($0) }
            ?? UInt64.random(in: 1...UInt64.max)
        var random = SplitMix64(seed: seed)
        let services = try FixtureWorld.start()
        defer { services.stop() }
        // Slow fakes make a scan last about a second, so most kills land inside it.
        services.setLatency(openAI: .milliseconds(250), musicBrainz: .milliseconds(50), coverArt: .milliseconds(50))
        var tally = KillTrialTally()
        var home: KillTrialHome?
        for trial in 0..<Self.trialCount {
            if trial % Self.trialsPerHome == 0 {
                if let home { tally.record(await home.finalCheck(), trial: trial, final: true) }
                home?.runner.remove()
                home = try await KillTrialHome(services: services)
            }
            guard let home else { break }
            let kind = KillTrialKind.pick(&random)
            if kind == .fullDisk {
                let check = try await FullDiskTrial(services: services).run(random: &random)
                tally.count(kind, (started: 1, killed: 0, badExits: check.badExit ? 1 : 0))
                tally.record(check.result, trial: trial, final: true)
                continue
            }
            let outcome = try home.run(kind, random: &random)
            tally.count(kind, outcome)
            tally.record(await home.check(), trial: trial)
        }
        if let home {
            tally.record(await home.finalCheck(), trial: Self.trialCount, final: true)
            home.runner.remove()
        }
        print("kill-trials: seed \(seed); \(tally.summary)")
        #expect(tally.trials == Self.trialCount)
        #expect(tally.corruptions == 0, "\(tally.problems)")
        #expect(tally.leakedReservations == 0, "\(tally.problems)")
        #expect(tally.chargeDifferences == 0, "\(tally.problems)")
        #expect(tally.orphans == 0, "\(tally.problems)")
        #expect(tally.badExits == 0, "\(tally.problems)")
        #expect(tally.killed > 0, "no trial killed a running process")
    }
}

/// What one kill trial does.
enum KillTrialKind: String, CaseIterable {
    /// One scan, killed after 0-1.5 s.
    case singleScan
    /// Two or three scans at once on one state folder (one of them a `--jobs 2` batch), each killed at its own time.
    case parallelScans
    /// `account set-tier` / `advanced-search` killed within 0-30 ms: mid keyring write.
    case keyringWrite
    /// A scan on a home whose small tmpfs has a random few KB left (needs root to mount; else a single scan).
    case fullDisk

    static func pick(_ random: inout SplitMix64) -> KillTrialKind {
        switch Int.random(in: 0..<20, using: &random) {
        case 0..<9: .singleScan
        case 9..<15: .parallelScans
        case 15..<18: .keyringWrite
        default: SmallDisk.canMount ? .fullDisk : .singleScan
        }
    }
}

/// Runs `albumscan` children and kills them.
struct KillTrialHome {
    let runner: CLIRunner
    let covers: [String]

    init(runner: CLIRunner, covers: [String]) {
        self.runner = runner
        self.covers = covers
    }

    init(services: FakeServices) async throws {
        runner = try CLIRunner(services: services.environment)
        covers = try Self.writeCovers(into: runner.home)
        let setup = try await runner.spawn(["account", "set-tier", "ultra"])
        guard setup.status == 0 else { throw CLIFixtureError(message: "set-tier failed: \(setup.stderr)") }
    }

    /// The fixture covers at 600 px, in `folder/covers`.
    static func writeCovers(into folder: URL) throws -> [String] {
        let covers = folder.appendingPathComponent("covers")
        try FileManager.default.createDirectory(at: covers, withIntermediateDirectories: true)
        return try FixtureCatalog.albums.map { album in
            let file = covers.appendingPathComponent("\(album.slug).jpg")
            try album.cover(width: 600, height: 600).write(to: file)
            return file.path
        }
    }

    /// Starts the trial's processes, kills each still running at its random moment, and waits for all of them.
    func run(_ kind: KillTrialKind, random: inout SplitMix64) throws -> (started: Int, killed: Int, badExits: Int) {
        // Paid scans only (--no-local): the tally checks that every stored scan was charged, and a re-scan matched
        // locally is stored free of charge by design.
        var plans: [(arguments: [String], delay: Double)] = []
        switch kind {
        case .singleScan, .fullDisk:
            plans = [
                (
                    ["scan", "--rescan", covers.randomElement(using: &random) ?? covers[0], "--json", "--no-local"],
                    Double.random(in: 0...1.5, using: &random)
                )
            ]
        case .parallelScans:
            let count = Int.random(in: 2...3, using: &random)
            for index in 0..<count {
                var arguments = ["scan", "--rescan", covers.randomElement(using: &random) ?? covers[0]]
                if index == 0 { arguments.append(covers.randomElement(using: &random) ?? covers[0]) }
                arguments += (index == 0 ? ["--jobs", "2", "--json"] : ["--json"]) + ["--no-local"]
                plans.append((arguments, Double.random(in: 0...1.5, using: &random)))
            }
        case .keyringWrite:
            let command = Bool.random(using: &random) ? ["account", "set-tier", "ultra"] : ["account", "advanced-search", "on"]
            plans = (0..<Int.random(in: 1...3, using: &random)).map { _ in (command, Double.random(in: 0...0.03, using: &random))
            }
        }
        let start = Date()
        var processes: [(Process, Double, Int32)] = []
        for plan in plans {
            let process = Process()
            process.executableURL = CLIRunner.binary
            process.arguments = plan.arguments
            process.environment = runner.environment
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Half the kills are SIGKILL; the others are the signals albumscan handles.
            let signal = [SIGKILL, SIGKILL, SIGINT, SIGTERM].randomElement(using: &random) ?? SIGKILL
            processes.append((process, plan.delay, signal))
        }
        var killed = 0
        var signalled: [(Process, Int32)] = []
        for (process, delay, signal) in processes.sorted(by: { $0.1 < $1.1 }) {
            let wait = delay - Date().timeIntervalSince(start)
            if wait > 0 { usleep(useconds_t(wait * 1_000_000)) }
            if process.isRunning, kill(process.processIdentifier, signal) == 0 {
                killed += 1
                if signal != SIGKILL { signalled.append((process, signal)) }
            }
        }
        for (process, _, _) in processes { process.waitUntilExit() }
        // A handled signal ends a scan with 128 + signal, or it had already finished; before its handler is in place
        // (start-up, or a command that does not handle signals) the signal ends it the default way.
        let badExits = signalled.filter { process, signal in
            switch process.terminationReason {
            case .uncaughtSignal: process.terminationStatus != signal
            case .exit: ![0, 1, 128 + signal].contains(process.terminationStatus)
            @unknown default: true
            }
        }
        for (process, signal) in badExits {
            print(
                "kill-trials: \(process.arguments ?? []) got signal \(signal), ended \(process.terminationReason) \(process.terminationStatus)"
            )
        }
        return (processes.count, killed, badExits.count)
    }

    /// The state folder the runner points at.
    var home: URL { URL(fileURLWithPath: runner.environment["ALBUMSCAN_HOME"] ?? runner.home.path) }

    /// Checks the keyring, the database and new history items; returns the problems found.
    func check() async -> KillTrialCheck {
        var result = KillTrialCheck()
        do {
            let account = try await runner.spawn(["account", "--json"], timeout: 30)
            guard account.status == 0, let json = account.json as? [String: Any],
                let used = json["scansUsed"] as? Int, let limit = json["scanLimit"] as? Int,
                let remaining = json["scansRemaining"] as? Int
            else {
                result.corruptions.append("account --json failed (\(account.status)): \(account.stderr)")
                return result
            }
            // Every process of the trial is dead, so every reservation must be reclaimable at once.
            if remaining != max(0, limit - used) {
                result.leaks.append("scansRemaining \(remaining) != limit \(limit) - used \(used)")
            }
            result.scansUsed = used
            result.orphans = Self.temporaryFiles(in: home)
            let integrity = try Self.integrityCheck(home.appendingPathComponent("albumscan.sqlite").path)
            if integrity != "ok" { result.corruptions.append("integrity_check: \(integrity)") }
            let history = try await runner.spawn(["history", "--json", "--limit", "10000"], timeout: 30)
            guard history.status == 0, let items = history.json as? [[String: Any]] else {
                result.corruptions.append("history --json failed (\(history.status)): \(history.stderr)")
                return result
            }
            result.historyIDs = items.compactMap { $0["scanId"] as? Int }
            // A rescan replaces the photo's scan in place; the replaced scan's charge is kept beside it.
            let replaced = try Self.replacedCharges(home.appendingPathComponent("albumscan.sqlite").path)
            result.replacedCharges = replaced
            if result.historyIDs.count + replaced != used {
                result.chargeDifferences.append(
                    "\(result.historyIDs.count) scans stored (\(replaced) more replaced in place), \(used) charged")
            }
            for item in items {
                let album = item["album"] as? [String: Any]
                let artist = album?["artist"] as? String ?? ""
                let title = album?["title"] as? String ?? ""
                if artist.isEmpty || title.isEmpty { result.corruptions.append("incomplete history item: \(item)") }
            }
        } catch {
            result.corruptions.append("check failed: \(error)")
        }
        return result
    }

    /// Temporary files in the state folder (the keyring's, the database's journals excepted).
    static func temporaryFiles(in home: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: home.path)) ?? []
        return names.filter { $0.contains(".tmp-") || $0.hasSuffix(".tmp") }
    }

    /// `check()` plus `show` of every stored scan.
    func finalCheck() async -> KillTrialCheck {
        var result = await check()
        for id in result.historyIDs {
            guard let show = try? await runner.spawn(["show", "\(id)", "--json"], timeout: 30) else { continue }
            if show.status != 0 { result.corruptions.append("show \(id) exited \(show.status): \(show.stderr)") }
        }
        return result
    }

    /// How many charged scans were replaced in place by a rescan of the same photo (0 before the first scan).
    static func replacedCharges(_ path: String) throws -> Int {
        guard FileManager.default.fileExists(atPath: path) else { return 0 }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT COUNT(*) FROM replacedCharges').fetchone()[0])",
            path,
        ]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0, let count = Int(text) else {
            throw CLIFixtureError(message: "cannot count replacedCharges in \(path): \(text)")
        }
        return count
    }

    /// `PRAGMA integrity_check` through python3's sqlite3 module ("ok" when the database does not exist yet).
    static func integrityCheck(_ path: String) throws -> String {
        guard FileManager.default.fileExists(atPath: path) else { return "ok" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('PRAGMA integrity_check').fetchone()[0])", path,
        ]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
