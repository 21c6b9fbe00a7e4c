import AlbumScanApp
import AlbumScanApp
import AlbumScanCore
import Foundation

/// Before a Discogs export or the crate page, on a terminal: asks for the Discogs links the scans left pending
/// (`CatalogueExporter.fill`), with a line on stderr saying how many and how long, a count on a terminal, and a
/// warning when some are still pending (their scans are then left out and counted, never listed without their id).
struct PendingDiscogsLinks {
    let exporter: CatalogueExporter
    let console: CommandConsole

    /// Fills these pending links, saying so.
    func fill(_ pending: PendingLinks) async {
        guard !pending.isEmpty else { return }
        let releases = pending.albums.count == 1 ? "1 release" : "\(pending.albums.count) releases"
        console.printError(
            "asking MusicBrainz for the Discogs links of \(releases) scanned without them"
                + String(format: " (about %.0f s at its pace)", exporter.estimatedSeconds(pending)))
        let console = self.console
        let report = await exporter.fill(pending) { done, total in
            if console.stderrIsTTY { console.writeErr("\r\u{1B}[2KDiscogs links: \(done) of \(total)") }
        }
        if console.stderrIsTTY { console.writeErr("\r\u{1B}[2K") }
        if let problem = report.problem, report.stillPending > 0 {
            let still = report.stillPending == 1 ? "1 release's" : "\(report.stillPending) releases'"
            console.printError("warning: \(still) Discogs links are still pending (\(problem)); run it again later")
        } else if let problem = report.problem {
            console.printError("warning: \(problem)")
        }
    }
}
