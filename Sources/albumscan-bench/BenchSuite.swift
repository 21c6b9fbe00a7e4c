import Foundation

/// Runs every benchmark row in order.
struct BenchSuite {
    let binary: String
    let python: String?
    let runs: Int
    let workspace: URL

    func run(photo: String, covers: [String]) throws -> [BenchRow] {
        let imagePrep = ImagePrepBench(photoPath: photo, python: python, runs: runs)
        let prepSeconds = try imagePrep.albumscanSeconds()
        var rows = try imagePrep.rows(albumscan: prepSeconds)
        let scans = ScanBench(binary: binary, runs: runs, workspace: workspace)
        let overhead = try scans.overhead(photo: photo, imagePrep: prepSeconds)
        rows += overhead.rows
        rows += try scans.criticalPath(cover: covers[0])
        rows += try scans.batch(covers: covers)
        let startup = overhead.rows[1].value
        let history = try HistoryBench(binary: binary, runs: runs * 3, workspace: workspace).rows(
            startup: startup, cover: covers[1])
        rows += history.rows
        rows.append(
            BenchRow(
                name: "6. peak RSS, scan of 12 MP", value: Double(overhead.peakRSS), baseline: .nan, unit: "B",
                target: 64 * 1_048_576, absolute: true))
        rows.append(
            BenchRow(
                name: "   peak RSS, history at 100k", value: Double(history.peakRSS), baseline: .nan, unit: "B",
                target: 32 * 1_048_576, absolute: true))
        return rows
    }
}
