import AlbumScanTestSupport
import Foundation
import Testing

extension TestSupportTests {
    @Suite struct SyntheticCoverTests {
        @Test func encodesAJPEGOfTheRequestedSize() throws {
            let jpeg = try SyntheticCover.seeded(7).jpeg(width: 320, height: 200)
            #expect(jpeg.prefix(2) == Data([0xFF, 0xD8]) && jpeg.suffix(2) == Data([0xFF, 0xD9]))
        }

        @Test func drawsDeterministicPixels() {
            #expect(
                SyntheticCover.seeded(3).pixels(width: 40, height: 40) == SyntheticCover.seeded(3).pixels(width: 40, height: 40))
            #expect(
                SyntheticCover.seeded(3).pixels(width: 40, height: 40) != SyntheticCover.seeded(4).pixels(width: 40, height: 40))
        }

        @Test func paintsShapesOverTheBackground() {
            let red = SyntheticCover.Colour(255, 0, 0)
            let cover = SyntheticCover(
                background: .solid(SyntheticCover.Colour(0, 0, 255)),
                shapes: [.rectangle(x: 0, y: 0, width: 0.5, height: 1, colour: red)])
            let pixels = cover.pixels(width: 4, height: 2)
            #expect(pixels.count == 24)
            #expect(Array(pixels[0..<3]) == [255, 0, 0] && Array(pixels[9..<12]) == [0, 0, 255])
        }
    }
}
