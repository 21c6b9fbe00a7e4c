import AlbumScanApp
import AlbumScanCore
import Foundation

/// Runs scans with bounded concurrency and hands results over in input order as soon as each is ready.
///
/// At most `jobs` photos are past their preparation at once (identifying, checking, saving). Up to `ahead` more are
/// read and prepared meanwhile, so that a photo's turn starts with its model call: with the decoding and measuring
/// inside the turn, eight jobs at a 1 s model took 1.24× the model-bound time on two cores, each turn waiting on
/// the others' preparation.
struct BatchRunner {
    let jobs: Int
    /// Photos read and prepared ahead of their turn (0: each is prepared in its turn, as `eval` times them).
    let ahead: Int
    /// Asked before each photo is read and before each turn; false leaves the rest of the files unscanned.
    let shouldStart: @Sendable () -> Bool

    init(jobs: Int, ahead: Int? = nil, shouldStart: @escaping @Sendable () -> Bool = { true }) {
        self.jobs = jobs
        self.ahead = ahead ?? jobs
        self.shouldStart = shouldStart
    }

    private enum Event: Sendable {
        case ready(Int, ReadyScan)
        case done(Int, ScanResult)
    }

    /// `ready` reads and prepares file `index`; `finished` sees each result as it comes (in any order), `onResult`
    /// each in input order.
    func run(
        _ files: [InputPath], ready: @escaping @Sendable (Int, InputPath) async -> ReadyScan,
        finished: (Int, ScanResult) -> Void = { _, _ in }, onResult: (ScanResult) async -> Void
    ) async -> [ScanResult] {
        var results = [ScanResult?](repeating: nil, count: files.count)
        var nextToPrint = 0
        func printReady() async {
            while nextToPrint < files.count, let result = results[nextToPrint] {
                await onResult(result)
                // The cover bytes were for printing; a long batch keeps only the rest.
                results[nextToPrint]?.artworkImages = nil
                nextToPrint += 1
            }
        }
        await withTaskGroup(of: Event.self) { group in
            var (nextToRead, nextTurn) = (0, 0)
            var (reading, scanning) = (0, 0)
            // Prepared photos waiting for their turn. Turns go in input order, as without reading ahead: a batch's
            // scans are numbered in that order, and of two photos of one cover the later is the duplicate.
            var waiting: [Int: ReadyScan] = [:]
            // Once cancelled (SIGINT or SIGTERM) or stopped, nothing new starts; scans in flight wind down, and
            // photos prepared ahead are left unscanned.
            func pump() {
                guard !Task.isCancelled, shouldStart() else { return }
                while scanning < jobs, nextTurn < nextToRead {
                    if results[nextTurn] != nil {
                        nextTurn += 1
                        continue
                    }
                    guard let scan = waiting.removeValue(forKey: nextTurn) else { break }
                    let index = nextTurn
                    nextTurn += 1
                    scanning += 1
                    group.addTask { .done(index, await scan.finish()) }
                }
                while nextToRead < files.count, reading + waiting.count + scanning < jobs + ahead {
                    let index = nextToRead
                    nextToRead += 1
                    reading += 1
                    group.addTask { .ready(index, await ready(index, files[index])) }
                }
            }
            pump()
            for await event in group {
                switch event {
                case .ready(let index, let scan):
                    reading -= 1
                    if let ended = scan.ended {
                        results[index] = ended
                        finished(index, ended)
                    } else {
                        waiting[index] = scan
                    }
                case .done(let index, let result):
                    scanning -= 1
                    results[index] = result
                    finished(index, result)
                }
                await printReady()
                pump()
            }
        }
        // A stopped run can leave a gap (a photo prepared but never scanned) before results that came in.
        for index in nextToPrint..<files.count {
            if let result = results[index] { await onResult(result) }
        }
        return results.compactMap { $0 }
    }
}
