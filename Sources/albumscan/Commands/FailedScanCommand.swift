import AlbumScanApp
import AlbumScanCore
import ArgumentParser
import Foundation

/// `history --failed`: the photos whose last scan failed or found nothing, named by their path (what a re-run and
/// `--dismiss` take), as text, CSV, JSON or JSON Lines; `--dismiss PATH` forgets some of them, all or nothing.
struct FailedScanCommand {
    var limit: Int?
    var filter: HistoryFilter
    var format: HistoryFormat?
    var excel: Bool
    var dismiss: [String]

    func run(store: AlbumStore, console: CommandConsole, environment: AppEnvironment) async throws {
        if !dismiss.isEmpty { return try await dismissFailures(store: store, console: console) }
        // The text list is a page of the newest; every other form lists every failure unless --limit.
        let pageSize = limit ?? (format == nil ? 20 : Int(Int32.max))
        let failures = try await store.failures(limit: pageSize, since: filter.since, search: filter.search)
        switch format {
        case .csv:
            console.output.write((excel ? HistoryCSV.byteOrderMark : "") + FailedScanCSV.document(failures))
        case .jsonl:
            for failure in failures { environment.console.out(try JSONOutput.encode(failure)) }
        case .json:
            environment.console.out(try JSONOutput.encode(failures, pretty: true))
        case .discogsInventory, .discogsCollection:
            throw AlbumScanError.usage("--failed lists photos with no saved scan: the Discogs forms do not apply")
        case nil:
            guard !failures.isEmpty else {
                environment.console.out("No failed scans: every photo tried has a saved scan.")
                return
            }
            environment.console.out(FailedScanList(failures: failures, width: console.width).render())
            if failures.count == pageSize {
                environment.console.err("More: albumscan history --failed --limit \(min(pageSize * 5, 10_000))")
            }
            environment.console.err(
                "Retry: albumscan scan PATH... (a plain re-run of the folder retries exactly these); forget one: albumscan history --failed --dismiss PATH"
            )
        }
    }

    /// Forgets the failed photos `dismiss` names, or none when one names none (exit 66).
    private func dismissFailures(store: AlbumStore, console: CommandConsole) async throws {
        switch try await store.dismissFailures(dismiss, directory: FileManager.default.currentDirectoryPath) {
        case .unknown(let paths):
            let named = paths.map { "'\(SafeText.clean($0))'" }.joined(separator: ", ")
            console.printError(
                "no failed photo at \(named); nothing was dismissed. Run `albumscan history --failed` to list them")
            throw ExitCode(ExitCodes.code(for: .unreadableInput("")))
        case .dismissed(let files):
            let list = files.map { SafeText.clean($0) }.joined(separator: ", ")
            _ = console.printOut(files.count == 1 ? "Dismissed \(list)." : "Dismissed \(files.count) failed photos: \(list).")
        }
    }
}
