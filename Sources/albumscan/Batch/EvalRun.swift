import AlbumScanApp
import AlbumScanCore
import Foundation
import Synchronization

/// Scans a labelled set through the normal pipeline and judges every answer. Runs on a setup whose home is the
/// eval's throwaway folder.
struct EvalRun {
    let setup: AppSetup
    let jobs: Int
    let advancedSearch: Bool

    /// Ultra allows 120 scans a month, so each block of this many photos gets its own fresh keyring: with at most
    /// 16 scans in flight a block never reaches the limit, and a set of any size runs without a quota stop.
    static let scansPerKeyring = 100

    /// The scans in input order, and the report built from them.
    struct Outcome {
        var results: [ScanResult]
        /// Nil when the run was interrupted before every photo was scanned.
        var report: EvalReport?
    }

    func run(
        labels: [EvalLabel], photos: [InputPath], progress: ProgressReporter, interruption: Interruption
    ) async throws -> Outcome {
        let environment = setup.environment
        let keyrings = try await ultraKeyrings(count: (photos.count + Self.scansPerKeyring - 1) / Self.scansPerKeyring)
        // Nothing prepared ahead: each photo's seconds are its own scan's, from reading it to saving it.
        let runner = BatchRunner(jobs: jobs, ahead: 0)
        let seconds = ScanSeconds()
        let results = await interruption.run {
            await runner.run(photos) { index, photo in
                var scanEnvironment = environment
                scanEnvironment.keyring = keyrings[index / Self.scansPerKeyring]
                let started = environment.now()
                let result = await ScanPipeline(environment: scanEnvironment).scan(photo) { stage in
                    progress.update(index: index, stage: stage)
                }
                progress.finish(index: index)
                seconds.set(index, environment.now().timeIntervalSince(started))
                return .ended(result)
            } onResult: { _ in
            }
        }
        guard results.count == photos.count else { return Outcome(results: results, report: nil) }
        let store = try await environment.store()
        let usage = try await store.run { try $0.usage(since: .distantPast) }
        let items = zip(labels, results).enumerated().map { index, pair in
            EvalItem.judge(pair.0, result: pair.1, seconds: seconds.get(index))
        }
        return Outcome(
            results: results,
            report: .aggregate(items: items, usage: usage, prices: setup.prices, setup: reportSetup()))
    }

    /// Fresh keyrings in the throwaway home, each on Ultra (with advanced search when asked).
    func ultraKeyrings(count: Int) async throws -> [Keyring] {
        let environment = setup.environment
        let advancedSearch = advancedSearch
        return try await environment.offload {
            try (0..<max(count, 1)).map { block in
                let keyring = Keyring(home: environment.home.appendingPathComponent("quota-\(block)"), now: environment.now)
                try keyring.setTier(.ultra)
                try keyring.setAdvancedSearch(advancedSearch)
                return keyring
            }
        }
    }

    /// The provider, models and prompt hashes of this run.
    /// A prompt missing from ALBUMSCAN_PROMPTS_DIR has no hash; a scan that needs it reports that itself.
    func reportSetup() -> EvalReport.Setup {
        let settings = setup.settings
        let prompts = setup.environment.prompts
        var hashes: [String: String] = [:]
        for name in PromptLibrary.Name.allCases { hashes[name.rawValue] = try? prompts.hash(name) }
        return EvalReport.Setup(
            provider: settings.provider.rawValue, visionModel: settings.visionModel, searchModel: settings.searchModel,
            reviewModel: settings.reviewModel, prompts: hashes)
    }
}

/// Each scan's wall time by its index, written by the scans as they finish.
final class ScanSeconds: Sendable {
    private let values = Mutex<[Int: Double]>([:])

    func set(_ index: Int, _ seconds: Double) { values.withLock { $0[index] = seconds } }
    func get(_ index: Int) -> Double { values.withLock { $0[index] ?? 0 } }
}
