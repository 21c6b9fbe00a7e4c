import Synchronization

/// Collects one scan's diagnostics from every stage, and the concurrent work inside it (artwork and review run
/// side by side). The pipeline binds one per scan as `current`, so a stage reports without a parameter threaded
/// through every call; outside a scan, reports go nowhere.
public final class ScanDiagnostics: Sendable {
    @TaskLocal public static var current: ScanDiagnostics?

    private let reported = Mutex<[ScanDiagnostic]>([])

    public init() {}

    /// Reports to the scan this task is working for.
    public static func report(_ stage: ScanDiagnostic.Stage, _ code: ScanDiagnostic.Code, _ message: String) {
        current?.add(ScanDiagnostic(stage, code, message))
    }

    public func add(_ diagnostic: ScanDiagnostic) {
        reported.withLock { $0.append(diagnostic) }
    }

    /// In the order reported.
    public var all: [ScanDiagnostic] { reported.withLock { $0 } }
}
