import AlbumScanCore
import AlbumScanTestSupport
import Foundation

/// `make fuzz-barcodes`: `count` generated retail symbols (EAN-13, UPC-A, EAN-8 at many sizes, turns, blurs and
/// cuts) through the reader on two threads. The reader runs in this process, as in a scan, so a crash ends the run:
/// before each read a worker writes its case to `inflight-N.txt` in `folder`, and the make target prints those
/// lines when the run dies, ready to add to the regression corpus (Tests/AlbumScanCoreTests/Barcode/crashers.txt).
struct BarcodeFuzz {
    var count: Int
    var seed: UInt64
    var folder: URL
    /// Writes each case's picture as a PGM here as well, and `cases.txt` naming each file's case (to try another
    /// reader, or an older build of this one, on the same pictures).
    var pictures: URL?

    private final class Tally: @unchecked Sendable {
        let lock = NSLock()
        var read = 0, readable = 0, readableRead = 0, wrong: [String] = [], missed: [String] = []
    }

    func run() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var random = SeededRandom(seed: seed)
        let cases = (0..<count).map { _ in RetailSymbolCase.random(using: &random) }
        if let pictures {
            try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
            let list = cases.enumerated().map { "\($0.offset).pgm \($0.element)\n" }.joined()
            try Data(list.utf8).write(to: pictures.appendingPathComponent("cases.txt"))
        }
        let tally = Tally()
        let started = Date()
        let (folder, pictures) = (folder, pictures)
        onThreads(2) { worker in
            let inflight = folder.appendingPathComponent("inflight-\(worker).txt")
            for index in stride(from: worker, to: cases.count, by: 2) {
                let symbol = cases[index]
                let plane = symbol.plane()
                if let pictures {
                    let header = Data("P5\n\(plane.width) \(plane.height)\n255\n".utf8)
                    // try?: a debugging aid; a picture not written loses nothing of the run
                    try? (header + Data(plane.values)).write(to: pictures.appendingPathComponent("\(index).pgm"))
                }
                _ = FileManager.default.createFile(atPath: inflight.path, contents: Data("\(symbol)\n".utf8))
                let digits = BarcodeReader.read(plane, rotated: true).map(\.digits)
                tally.lock.withLock {
                    if digits.contains(symbol.digits) { tally.read += 1 }
                    if digits.contains(where: { $0 != symbol.digits }) { tally.wrong.append("\(symbol) read \(digits)") }
                    if symbol.plainlyReadable {
                        tally.readable += 1
                        if digits.contains(symbol.digits) { tally.readableRead += 1 } else { tally.missed.append("\(symbol)") }
                    }
                }
            }
            try? FileManager.default.removeItem(at: inflight)  // try?: absent when this worker had no case
        }
        let seconds = Date().timeIntervalSince(started)
        let percent = { (part: Int, whole: Int) in whole == 0 ? "-" : String(format: "%.1f%%", 100 * Double(part) / Double(whole))
        }
        print("barcode fuzz: \(count) generated symbols (seed \(seed)), 0 crashes, \(String(format: "%.0f", seconds)) s")
        print("  read: \(tally.read) of \(count) (\(percent(tally.read, count))), blurred, cut and steep turns included")
        print(
            "  sharp, whole, modules >= 2 px, within 8 degrees of an axis: \(tally.readableRead) of \(tally.readable) (\(percent(tally.readableRead, tally.readable)))"
        )
        print("  read as other digits (all blurred or 1 px modules so far): \(tally.wrong.count)")
        for line in tally.wrong.prefix(10) { print("    \(line)") }
        for line in tally.missed.prefix(10) { print("  missed: \(line)") }
        // A wrong read is zxing's own misreading of a blurred or one-pixel-module symbol whose bars happen to form
        // another valid code: shown, and counted in the closing line, but only a miss of a plain symbol fails.
        if tally.readableRead < tally.readable {
            throw FuzzFailure(message: "\(tally.readable - tally.readableRead) plainly readable symbols missed")
        }
    }
}

struct FuzzFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
