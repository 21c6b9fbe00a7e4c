import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A process, told apart from a later one that reuses its pid by its start time.
///
/// A pid alone is not enough: a scan killed inside a container leaves a pid that is alive on the host
/// (or is reused later), and its reservations would then be held for ever.
package struct ProcessIdentity: Sendable, Equatable {
    package var pid: Int32
    /// Clock ticks after boot when the process started (`/proc/PID/stat`, field 22); nil where unknown.
    package var startTime: UInt64?

    package init(pid: Int32, startTime: UInt64?) {
        self.pid = pid
        self.startTime = startTime
    }

    /// The identity of process `pid` as the system sees it now.
    package static func of(_ pid: Int32) -> ProcessIdentity {
        ProcessIdentity(pid: pid, startTime: startTime(of: pid))
    }

    /// Whether this process still runs: the pid exists, and it started when the recorded one did.
    package static let isAlive: @Sendable (ProcessIdentity) -> Bool = { holder in
        guard kill(holder.pid, 0) == 0 || errno == EPERM else { return false }
        guard let recorded = holder.startTime, let current = startTime(of: holder.pid) else { return true }
        return recorded == current
    }

    /// The start time in `/proc/PID/stat`, or nil when it cannot be read.
    static func startTime(of pid: Int32) -> UInt64? {
        // try?: a process whose start time cannot be read is taken to be the one recorded
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return nil }
        return parseStartTime(stat: text)
    }

    // The command name (field 2) is in parentheses and may hold spaces or ')', so fields are counted
    // from the last ')'. Field 3 (state) follows it; field 22 is the start time.
    /// Field 22 of a `/proc/PID/stat` line.
    static func parseStartTime(stat: String) -> UInt64? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count > 19 else { return nil }
        return UInt64(fields[19])
    }
}
