import Synchronization

/// Collects one scan's diagnostics from every stage, and the concurrent work inside it (artwork and review run
/// side by side). The pipeline binds one per scan as `current`, so a stage reports without a parameter threaded
/// through every call; outside a scan, reports go nowhere.
package final class ScanDiagnostics: Sendable {
    @TaskLocal package static var current: ScanDiagnostics?

    private let reported = Mutex<[ScanDiagnostic]>([])
    /// Where the scan reports its stages: a wait deep inside a stage (a service's pause) shows on the progress line.
    let stage: @Sendable (ScanStage) -> Void

    package init(stage: @escaping @Sendable (ScanStage) -> Void = { _ in }) {
        self.stage = stage
    }

    /// Reports a stage of the scan this task is working for.
    static func report(_ stage: ScanStage) {
        current?.stage(stage)
    }

    /// Reports to the scan this task is working for.
    package static func report(_ stage: ScanDiagnostic.Stage, _ code: ScanDiagnostic.Code, _ message: String) {
        current?.add(ScanDiagnostic(stage, code, message))
    }

    package func add(_ diagnostic: ScanDiagnostic) {
        reported.withLock { $0.append(diagnostic) }
    }

    /// In the order reported.
    package var all: [ScanDiagnostic] { reported.withLock { $0 } }
}
