import Foundation

/// Reads this process's memory figures from `/proc/self/status` (Linux only).
enum ProcessMemory {
    /// Peak resident set size (`VmHWM`) in bytes, or nil where /proc is unavailable.
    static func peakResidentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 2, let kilobytes = Int(fields[1]) else { return nil }
            return kilobytes * 1024
        }
        return nil
    }
}
