import AlbumScanApp
import Foundation

// Usage: ScanOne PHOTO RECORDINGS
// Scans PHOTO into a fresh home in the temporary folder, answering every request from RECORDINGS, then reads the
// scan back from the catalogue and exports it as CSV.
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: ScanOne PHOTO RECORDINGS\n".utf8))
    exit(64)
}
let home = FileManager.default.temporaryDirectory.appendingPathComponent("scanone-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: home) }
var environment = ProcessInfo.processInfo.environment
environment["ALBUMSCAN_HOME"] = home.path

do {
    let albumscan = try AlbumScanHome.open(environment: environment, replay: URL(fileURLWithPath: arguments[2]))
    let photo = URL(fileURLWithPath: arguments[1])
    let scanned = await albumscan.scan(bytes: try Data(contentsOf: photo), name: photo.lastPathComponent)
    guard scanned.status == "identified", let artist = scanned.artist, let title = scanned.title else {
        print("not identified: \(scanned.failure?.message ?? scanned.status)")
        exit(1)
    }
    print("\(artist) — \(title) (\(scanned.year ?? "year unknown")), rated \(scanned.rating.map { "\($0)" } ?? "—")/10")
    let found = try await albumscan.catalogue(CatalogueQuery(search: title))
    print("catalogue: \(found.count) scan(s) matching \"\(title)\"")
    let csv = try await albumscan.export(.csv)
    print("csv: \(csv.listed.count) row(s), \(csv.document.split(separator: "\r\n").count) line(s)")
    exit(found.count == 1 && csv.listed == [scanned.scanId].compactMap { $0 } ? 0 : 1)
} catch {
    print("error: \(error)")
    exit(1)
}
