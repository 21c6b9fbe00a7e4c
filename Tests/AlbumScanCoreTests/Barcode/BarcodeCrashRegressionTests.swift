import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

/// Pictures that once aborted the process inside zxing-cpp 1.4 (an assertion in its result comparison): each is
/// drawn again and read. Before the fix the first of them ended the test run
/// with SIGABRT. `crashers.txt` beside this file is the corpus `make fuzz-barcodes` feeds.
@Suite struct BarcodeCrashRegressionTests {
    static let corpus: [RetailSymbolCase] = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("crashers.txt")
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""  // try?: an absent corpus fails the count test below
        return text.split(separator: "\n").compactMap(RetailSymbolCase.init(line:))
    }()

    @Test func theCorpusIsThere() {
        #expect(Self.corpus.count >= 10)
    }

    /// Each is read without a crash and never as other digits; a sharp, whole one is read.
    @Test(arguments: corpus)
    func aCrasherReadsItsDigits(_ symbol: RetailSymbolCase) {
        let digits = BarcodeReader.read(symbol.plane(), rotated: true).map(\.digits)
        #expect(digits.allSatisfy { $0 == symbol.digits })
        if symbol.plainlyReadable { #expect(digits == [symbol.digits]) }
    }

    /// The back sleeves of the report: `albumscan scan` aborted on these (exit 134).
    @Test(arguments: ["5012345000312", "5012345000480"])
    func aReportedBackSleeveReads(_ digits: String) throws {
        let plane = try BarcodeReaderTests.luminance(BarcodeSleeve.jpeg(digits: digits))
        #expect(BarcodeReader.read(plane, rotated: true).map(\.digits) == [digits])
    }

    /// Two different symbols on one picture are both read, each once.
    @Test func twoSymbolsAreBothRead() {
        let first = RetailSymbolCase(kind: .ean13, digits: "5012345678900", side: 700, moduleWidth: 3, angle: 0, blur: 0, cut: 0)
        let second = RetailSymbolCase(kind: .ean8, digits: "96385074", side: 700, moduleWidth: 3, angle: 0, blur: 0, cut: 0)
        let top = first.plane()
        let bottom = second.plane()
        let joined = LuminancePlane(width: 700, height: 1400, values: top.values + bottom.values)
        #expect(Set(BarcodeReader.read(joined, rotated: true).map(\.digits)) == ["5012345678900", "96385074"])
    }
}
