import AlbumScanCore
import Foundation

/// `--verbose` stage lines: each scan's stages as they start, with how long the previous one took.
final class StageLog: @unchecked Sendable {
    private let log: @Sendable (String) -> Void
    private let names: [String]
    private let lock = NSLock()
    private var last: [Int: (name: String, at: Date)] = [:]
    private var started: [Int: Date] = [:]

    /// `names` labels the scans (file names, made safe by the logger).
    init(log: @escaping @Sendable (String) -> Void, names: [String]) {
        self.log = log
        self.names = names
    }

    func record(index: Int, stage: ScanStage) {
        let now = Date()
        let name = Self.name(stage)
        lock.lock()
        let previous = last[index]
        last[index] = (name, now)
        if started[index] == nil { started[index] = now }
        lock.unlock()
        let took = previous.map { " (\($0.name) took \(Self.seconds(now.timeIntervalSince($0.at))))" } ?? ""
        log("stage: \(label(index)): \(name)\(took)")
    }

    func finish(index: Int, status: ScanResult.Status) {
        let now = Date()
        lock.lock()
        let previous = last.removeValue(forKey: index)
        let start = started.removeValue(forKey: index)
        lock.unlock()
        let took = previous.map { ", \($0.name) took \(Self.seconds(now.timeIntervalSince($0.at)))" } ?? ""
        let total = start.map { " in \(Self.seconds(now.timeIntervalSince($0)))" } ?? ""
        log("stage: \(label(index)): \(status.rawValue)\(total)\(took)")
    }

    private func label(_ index: Int) -> String {
        index < names.count ? names[index] : "scan \(index + 1)"
    }

    static func name(_ stage: ScanStage) -> String {
        switch stage {
        case .preparing: "preparing"
        case .identifying: "identifying"
        case .searching: "searching"
        case .found: "found"
        case .reviewing: "artwork+review"
        case .saving: "saving"
        }
    }

    static func seconds(_ interval: TimeInterval) -> String { String(format: "%.3fs", interval) }
}
