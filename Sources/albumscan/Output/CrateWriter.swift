import AlbumScanApp
import AlbumScanApp
import AlbumScanCore
import ArgumentParser
import Foundation

/// Writes the crate page for `history --html` and `show --html`, and says where it went; `-` is stdout.
struct CrateWriter {
    let store: AlbumStore
    let json: Bool
    let console: CommandConsole

    func write(ids: [Int64], to path: String) async throws {
        let page = try await CratePage.load(ids: ids, from: store)
        if path == "-" {
            console.printOut(page.render())
            return
        }
        try OutputFile.write(Data(page.render().utf8), to: path)
        if json {
            console.printOut(try JSONOutput.encode(Written(html: path, scans: page.scanCount)))
        } else {
            let count = page.scanCount == 1 ? "1 scan" : "\(page.scanCount) scans"
            console.printOut("Wrote \(count) to \(SafeText.clean(path))")
        }
    }

    /// The `--json` answer to `--html`.
    struct Written: Encodable {
        var html: String
        var scans: Int
    }
}
