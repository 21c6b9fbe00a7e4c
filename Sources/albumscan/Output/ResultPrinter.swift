import AlbumScanApp
import AlbumScanCore
import Foundation

/// Prints scan results: JSON lines on stdout, or the details view plus error lines on stderr.
struct ResultPrinter {
    let json: Bool
    let color: Bool
    /// Whether the art section shows at all (false under `--no-art`).
    let art: Bool
    let store: AlbumStore
    let console: CommandConsole
    /// The process environment, for the terminal's image protocols.
    let environment: [String: String]
    /// Every diagnostic on stderr (else only the warnings).
    var verbose = false
    /// No "Tip:" lines.
    var quiet = false
    /// Several photos: every result starts with its header line, not only an identified one.
    var batch = false
    /// Warnings already given in this run: each is said once.
    let warned = WarningsGiven()

    /// The line a text-mode result starts with, naming the file and the scan, e.g. `── cover.jpg · scan #12`; nil with
    /// --json, for a photo skipped as already scanned (text mode counts those in one line), and for a single photo
    /// that failed (its line on stderr names it already).
    func header(for result: ScanResult) -> String? {
        guard !json, result.status != .skipped, batch || result.status == .identified else { return nil }
        return TextStyle(enabled: color).bold(Self.header(file: result.file, scanId: result.scanId))
    }

    /// The header's words.
    static func header(file: String, scanId: Int64?) -> String {
        "── " + SafeText.clean(file) + (scanId.map { " · scan #\($0)" } ?? "")
    }

    /// Prints one result; false when stdout could not take it. Errors reach stderr in every mode; with --json
    /// the JSON line carries them too.
    @discardableResult
    /// `sayError` false leaves a failure's line on stderr to the caller (a stopped batch says it once).
    func print(_ result: ScanResult, artwork: ArtworkImages?, sayError: Bool = true) -> Bool {
        var printed = true
        if json { printed = console.printOut((try? JSONOutput.encode(result)) ?? "{}") }
        // Text mode says how many were skipped once, after the batch.
        if result.status == .skipped { return printed }
        if let header = header(for: result) { printed = console.printOut(header) }
        printDiagnostics(of: result)
        if result.isIncomplete { console.printError("\(result.file): \(ScanResult.incompleteMessage)") }
        guard result.status == .identified else {
            let message = result.error.map(UnidentifiedAdvice.message) ?? "scan failed"
            if sayError {
                console.printError("\(result.file): \(message)")
            } else if header(for: result) != nil {
                // The batch's stop is said once, after it; a header must not stand empty meanwhile.
                console.printError("\(result.file): not scanned: the batch stopped")
            }
            if result.status == .unidentified, !json, !quiet {
                let tips = result.error.map { UnidentifiedAdvice.tips($0, file: result.file) } ?? []
                for tip in tips.isEmpty ? ["Tip: fill the frame with the front cover, in even light, and scan again."] : tips {
                    console.printErr(tip)
                }
            }
            return printed
        }
        if json { return printed }
        var view = DetailsView(
            result: result, style: TextStyle(enabled: color), width: console.width,
            art: artSection(for: result, images: artwork))
        view.tips = !quiet
        return console.printOut(view.render())
    }

    /// Every diagnostic under --verbose; otherwise the warnings, once each per run, in every mode.
    func printDiagnostics(of result: ScanResult) {
        for diagnostic in result.diagnostics {
            if verbose {
                console.printError(
                    "\(result.file): \(diagnostic.stage.rawValue): \(diagnostic.code.rawValue): \(diagnostic.message)")
            } else if diagnostic.code.isWarning, warned.first(diagnostic.message) {
                switch diagnostic.code {
                case .webSearchUnavailable: console.printErr("notice: " + SafeText.clean(diagnostic.message))
                default: console.printError("warning: artwork unavailable: \(diagnostic.message)")
                }
            }
        }
    }

    /// Draws the cover when this terminal can; otherwise says whether artwork exists.
    func artSection(for result: ScanResult, images: ArtworkImages?) -> DetailsView.Art {
        guard art else { return .omitted }
        guard let images else { return .unavailable }
        let mode = TerminalCapabilities.detect(
            environment: environment, colorOn: color, stdoutIsTTY: console.stdoutIsTTY, artWanted: art
        ).art
        // In a pipe or without colour nothing could ever be drawn: no box saying so.
        guard let lines = TerminalArt.lines(images, mode: mode) else {
            return console.stdoutIsTTY && color ? .notShown : .omitted
        }
        return .drawn(lines)
    }

    /// The thumbnail and 500 px image the details view will draw: those a scan just made holds, else the stored ones
    /// of a saved scan; nil when it has no artwork (or none is drawn: `--json`, `--no-art`). A store that cannot be
    /// read shows as no artwork.
    func artwork(for result: ScanResult) async -> ArtworkImages? {
        guard !json, art, result.status == .identified, result.artwork?.status != .unavailable, let scanId = result.scanId
        else { return nil }
        if let held = result.artworkImages { return ArtworkImages(thumbnail: held.thumbnail, image: held.image) }
        let release = result.album?.musicbrainzReleaseId
        return try? await store.run { database in
            guard let thumbnail = try database.thumbnail(scanId: scanId) else { return nil }
            let large = try release.flatMap { try database.artwork(mbid: $0) }?.image
            return ArtworkImages(thumbnail: thumbnail, image: large)
        }
    }
}
