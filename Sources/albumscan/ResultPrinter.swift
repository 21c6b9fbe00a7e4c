import AlbumScanCore
import Foundation

/// Prints scan results: JSON lines on stdout, or the details view plus error lines on stderr.
struct ResultPrinter {
    let json: Bool
    let color: Bool
    let art: Bool
    let store: AlbumStore

    func print(_ result: ScanResult) {
        if json {
            Terminal.printOut((try? JSONOutput.encode(result)) ?? "{}")
            return
        }
        guard result.status == .identified else {
            let message = result.failure?.message ?? result.error?.message ?? "scan failed"
            Terminal.printError("\(result.file): \(message)")
            if result.status == .unidentified {
                Terminal.printErr("Tip: fill the frame with the front cover, in even light, and scan again.")
            }
            return
        }
        let thumbnail = art ? result.scanId.flatMap { try? store.thumbnail(scanId: $0) } : nil
        let view = DetailsView(result: result, style: TextStyle(enabled: color), width: Terminal.width, thumbnail: thumbnail)
        Terminal.printOut(view.render())
    }
}
