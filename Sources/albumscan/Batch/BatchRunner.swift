import AlbumScanCore
import Foundation

/// Runs scans with bounded concurrency and hands results over in input order as soon as each is ready.
struct BatchRunner {
    let jobs: Int
    /// Asked before each scan starts; false leaves the rest of the files unscanned.
    var shouldStart: @Sendable () -> Bool = { true }

    func run(
        _ files: [InputPath], scan: @escaping @Sendable (Int, InputPath) async -> ScanResult, onResult: (ScanResult) async -> Void
    ) async -> [ScanResult] {
        var results = [ScanResult?](repeating: nil, count: files.count)
        var nextToPrint = 0
        await withTaskGroup(of: (Int, ScanResult).self) { group in
            var nextToStart = 0
            // Once cancelled (SIGINT or SIGTERM), nothing new starts; scans in flight wind down.
            func startNext() {
                guard nextToStart < files.count, !Task.isCancelled, shouldStart() else { return }
                let index = nextToStart
                nextToStart += 1
                group.addTask { (index, await scan(index, files[index])) }
            }
            for _ in 0..<min(jobs, files.count) { startNext() }
            for await (index, result) in group {
                results[index] = result
                while nextToPrint < files.count, let ready = results[nextToPrint] {
                    await onResult(ready)
                    // The cover bytes were for printing; a long batch keeps only the rest.
                    results[nextToPrint]?.artworkImages = nil
                    nextToPrint += 1
                }
                startNext()
            }
        }
        return results.compactMap { $0 }
    }
}
