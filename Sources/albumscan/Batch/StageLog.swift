import AlbumScanApp
import AlbumScanCore
import Foundation
import Synchronization

/// `--verbose` stage lines: each scan's stages as they start, with how long the previous one took.
final class StageLog: Sendable {
    private let log: @Sendable (String) -> Void
    private let names: [String]
    private struct State {
        var last: [Int: (name: String, at: Date)] = [:]
        var started: [Int: Date] = [:]
    }

    private let state = Mutex(State())

    /// `names` labels the scans (file names, made safe by the logger).
    init(log: @escaping @Sendable (String) -> Void, names: [String]) {
        self.log = log
        self.names = names
    }

    func record(index: Int, stage: ScanStage) {
        let now = Date()
        let name = Self.name(stage)
        let previous = state.withLock { state in
            let previous = state.last[index]
            state.last[index] = (name, now)
            if state.started[index] == nil { state.started[index] = now }
            return previous
        }
        let took = previous.map { " (\($0.name) took \(Self.seconds(now.timeIntervalSince($0.at))))" } ?? ""
        log("stage: \(label(index)): \(name)\(took)")
    }

    func finish(index: Int, status: ScanResult.Status) {
        let now = Date()
        let (previous, start) = state.withLock { state in
            (state.last.removeValue(forKey: index), state.started.removeValue(forKey: index))
        }
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
        case .waiting: "waiting"
        case .saving: "saving"
        }
    }

    static func seconds(_ interval: TimeInterval) -> String { String(format: "%.3fs", interval) }
}
