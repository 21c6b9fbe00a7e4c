import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program to completion and reports its wall time and peak memory (from `wait4`'s rusage).
struct Spawn {
    struct Outcome {
        var status: Int32
        var seconds: Double
        /// Peak resident set size in bytes.
        var peakRSS: Int
    }

    /// GNU time reports the program's own peak RSS. A child spawned straight from this (large) process
    /// would report this process's peak instead, since Linux carries the parent's high-water mark over exec.
    static let timeCommand = "/usr/bin/time"

    /// Output goes to /dev/null (stdout to `stdoutPath` when given); the environment is exactly `environment`.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String], stdoutPath: String? = nil
    ) throws -> Outcome {
        guard FileManager.default.isExecutableFile(atPath: timeCommand) else {
            return try spawn(executable, arguments, environment: environment, stdoutPath: stdoutPath)
        }
        let report = NSTemporaryDirectory() + "albumscan-bench-rss-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: report) }
        var outcome = try spawn(
            timeCommand, ["-q", "-f", "%M", "-o", report, executable] + arguments, environment: environment,
            stdoutPath: stdoutPath)
        let kilobytes = (try? String(contentsOfFile: report, encoding: .utf8))?.split(separator: "\n").last.flatMap { Int($0) }
        outcome.peakRSS = (kilobytes ?? 0) * 1024
        return outcome
    }

    private static func spawn(
        _ executable: String, _ arguments: [String], environment: [String: String], stdoutPath: String? = nil
    ) throws -> Outcome {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let start = Date()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard spawned == 0 else { throw BenchError("cannot start \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchError("wait4 failed for \(executable)") }
        }
        let seconds = Date().timeIntervalSince(start)
        let exitCode = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Outcome(status: exitCode, seconds: seconds, peakRSS: Int(usage.ru_maxrss) * 1024)
    }

    /// Runs a shell command line and returns its wall time.
    static func shell(_ command: String) throws -> Outcome {
        try run("/bin/sh", ["-c", command], environment: ProcessInfo.processInfo.environment)
    }
}

/// A benchmark that could not run.
struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The median of some measurements.
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// Times `body` `runs` times and returns the median in seconds.
func timeMedian(runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = Date()
        try body()
        samples.append(Date().timeIntervalSince(start))
    }
    return median(samples)
}
