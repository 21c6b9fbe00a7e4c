import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

/// zxing-cpp through the shim, on generated sleeves.
@Suite struct BarcodeReaderTests {
    static func luminance(_ jpeg: Data) throws -> LuminancePlane {
        try LuminancePlane.of(ImagePrep.prepareUpload(jpeg, limits: ImageLimits()), limits: ImageLimits())
    }

    /// The pattern is 95 modules with the guards where the standard puts them.
    @Test func patternHasGuards() throws {
        let modules = try #require(EAN13Pattern.modules("5012345678900"))
        #expect(modules.count == 95)
        #expect(Array(modules[0..<3]) == [true, false, true])
        #expect(Array(modules[45..<50]) == [false, true, false, true, false])
        #expect(Array(modules[92..<95]) == [true, false, true])
        #expect(EAN13Pattern.modules("123") == nil)
    }

    /// A drawn EAN-13 reads back; one starting with 0 reads as its UPC-A.
    @Test(arguments: [("5012345678900", "5012345678900"), ("0036000291452", "036000291452")])
    func readsADrawnSymbol(_ drawn: String, _ read: String) throws {
        let plane = try Self.luminance(BarcodeSleeve.jpeg(digits: drawn))
        #expect(BarcodeReader.read(plane).map(\.digits) == [read])
    }

    /// A symbol on its side is found only when columns are read too.
    @Test func readsASymbolOnItsSide() throws {
        let plane = try Self.luminance(BarcodeSleeve.jpeg(digits: "5012345678900"))
        var turned = [UInt8](repeating: 0, count: plane.values.count)
        for y in 0..<plane.height {
            for x in 0..<plane.width { turned[x * plane.height + (plane.height - 1 - y)] = plane.values[y * plane.width + x] }
        }
        let side = LuminancePlane(width: plane.height, height: plane.width, values: turned)
        #expect(BarcodeReader.read(side, rotated: true).map(\.digits) == ["5012345678900"])
        #expect(BarcodeReader.read(side).isEmpty)
    }

    /// A symbol whose check digit is wrong yields nothing.
    @Test func aBadCheckDigitReadsAsNothing() throws {
        let plane = try Self.luminance(BarcodeSleeve.jpeg(digits: "5012345678901"))
        #expect(BarcodeReader.read(plane).isEmpty)
    }

    /// A front cover has no barcode.
    @Test func aFrontCoverHasNone() throws {
        let plane = try Self.luminance(FixtureCatalog.albums[0].cover(width: 900, height: 900))
        #expect(BarcodeReader.read(plane).isEmpty)
        #expect(BarcodeReader.read(LuminancePlane(width: 0, height: 0, values: [])).isEmpty)
    }
}
