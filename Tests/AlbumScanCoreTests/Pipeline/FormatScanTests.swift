import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

/// A HEIC phone photo and a PNG scan through the whole pipeline against the fakes: the model is sent a JPEG.
@Suite struct FormatScanTests {
    enum Kind: String, CaseIterable { case heic, png }

    @Test("a HEIC photo and a PNG scan are identified, and the upload is a JPEG", arguments: Kind.allCases)
    func scansAndUploadsJPEG(kind: Kind) async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let album = try #require(FixtureCatalog.albums.first { $0.slug.hasPrefix("01") })
        let cover = try JPEGDecoder.decodeRGB(try album.cover(width: 900, height: 900), maxSide: nil, limits: ImageLimits())
        let data =
            kind == .heic
            ? try HEIFWriter.heic(cover.pixels, width: cover.width, height: cover.height)
            : try PNGWriter.png(cover.pixels, width: cover.width, height: cover.height)
        // A misleading name: the content decides the decoder.
        let file = test.environment.home.appendingPathComponent("\(album.slug)-\(kind.rawValue).jpg")
        try data.write(to: file)
        let result = await ScanPipeline(environment: test.environment).scan(file)
        #expect(result.status == .identified, "\(String(describing: result.error))")
        #expect(result.album?.title == album.title)
        let upload = try #require(services.openAI.calls.first?.imageDataURL)
        #expect(upload.hasPrefix("data:image/jpeg;base64,"))
        let jpeg = try #require(Data(base64Encoded: String(upload.dropFirst("data:image/jpeg;base64,".count))))
        #expect(jpeg.prefix(3) == Data([0xFF, 0xD8, 0xFF]))
        let decoded = try JPEGDecoder.decodeRGB(jpeg, maxSide: nil, limits: ImageLimits())
        #expect((decoded.width, decoded.height) == (768, 768))
    }
}
