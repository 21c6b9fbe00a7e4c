import AlbumScanCore
import Foundation

/// Prints the account status as text or JSON.
struct AccountPrinter {
    let context: AppContext
    let json: Bool

    func print() throws {
        let status = try context.openKeyring().status()
        if json {
            Terminal.printOut(try JSONOutput.encode(status, pretty: true))
            return
        }
        var lines = [
            "Tier:            \(status.tier.rawValue)",
            "Advanced search: \(status.advancedSearch ? "on" : "off")",
            "Scans used:      \(status.scansUsed) of \(status.scanLimit) (\(status.scansRemaining) left)",
            "Period:          \(status.period)",
        ]
        if let resets = status.resetsAt {
            lines.append("Resets:          \(ISO8601DateFormatter().string(from: resets))")
        }
        Terminal.printOut(lines.joined(separator: "\n"))
    }
}
