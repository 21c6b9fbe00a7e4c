import AlbumScanApp
import AlbumScanCore
import Foundation

/// `scan`'s adapter to the shared queue (`ScanTurns`): feeds it the files in input order and hands the results over
/// in that order as soon as each is ready, dropping a result's cover bytes once handed over.
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

    /// `ready` reads and prepares file `index`; `finished` sees each result as it comes (in any order), `onResult`
    /// each in input order.
    func run(
        _ files: [InputPath], ready: @escaping @Sendable (Int, InputPath) async -> ReadyScan,
        finished: (Int, ScanResult) -> Void = { _, _ in }, onResult: (ScanResult) async -> Void
    ) async -> [ScanResult] {
        let turns = ScanTurns(jobs: jobs, ahead: ahead)
        let shouldStart = self.shouldStart
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
        await withTaskGroup(of: (Int, ScanTurns.Ticket, ScanResult?).self) { group in
            // Tasks are added as earlier ones end, never more than the queue can hold at once plus one: a batch of
            // thousands of photos keeps only these in memory. Tickets go in input order.
            var nextToAdd = 0
            func add() {
                let index = nextToAdd
                let ticket = turns.ticket()
                nextToAdd += 1
                group.addTask {
                    (index, ticket, await turns.run(ticket, shouldStart: shouldStart) { await ready(index, files[index]) })
                }
            }
            while nextToAdd < min(files.count, jobs + ahead + 1) { add() }
            for await (index, ticket, result) in group {
                if let result {
                    results[index] = result
                    finished(index, result)
                }
                await printReady()
                turns.done(ticket)
                if nextToAdd < files.count, !Task.isCancelled, shouldStart() { add() }
            }
        }
        // A stopped run can leave a gap (a photo prepared but never scanned) before results that came in.
        for index in nextToPrint..<files.count {
            if let result = results[index] { await onResult(result) }
        }
        return results.compactMap { $0 }
    }
}
