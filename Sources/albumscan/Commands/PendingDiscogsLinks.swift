import AlbumScanCore
import Foundation

/// Before a Discogs export or the crate page: asks for the Discogs links the scans left pending (see
/// `DiscogsLinkFill`), with a line on stderr saying how many and how long, a count on a terminal, and a warning when
/// some are still pending (their scans are then left out and counted, never listed without their id).
struct PendingDiscogsLinks {
    let environment: AppEnvironment
    let store: AlbumStore
    let console: CommandConsole

    /// Fills the links of these scans' pending releases; what was learned, for the rows already read.
    func fill(scanIds: [Int64]) async throws -> DiscogsLinkFill.Report {
        let fill = DiscogsLinkFill(environment: environment, store: store)
        let albums = try await fill.pending(scanIds: scanIds)
        guard !albums.isEmpty else { return DiscogsLinkFill.Report() }
        let releases = albums.count == 1 ? "1 release" : "\(albums.count) releases"
        console.printError(
            "asking MusicBrainz for the Discogs links of \(releases) scanned without them"
                + String(format: " (about %.0f s at its pace)", fill.estimatedSeconds(albums.count)))
        let console = self.console
        let report = await fill.fill(albums, for: scanIds) { done, total in
            if console.stderrIsTTY { console.writeErr("\r\u{1B}[2KDiscogs links: \(done) of \(total)") }
        }
        if console.stderrIsTTY { console.writeErr("\r\u{1B}[2K") }
        if let problem = report.problem, report.stillPending > 0 {
            let still = report.stillPending == 1 ? "1 release's" : "\(report.stillPending) releases'"
            console.printError("warning: \(still) Discogs links are still pending (\(problem)); run it again later")
        } else if let problem = report.problem {
            console.printError("warning: \(problem)")
        }
        return report
    }
}
