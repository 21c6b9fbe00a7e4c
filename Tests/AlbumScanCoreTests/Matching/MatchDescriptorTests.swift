import AlbumScanMatching
import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

@Suite struct MatchDescriptorTests {
    static let image = DecodedRGB(
        pixels: SyntheticCover.seeded(3).pixels(width: 300, height: 200), width: 300, height: 200)

    @Test func roundTripsThroughData() throws {
        let descriptor = MatchDescriptor(image: Self.image)
        let decoded = try #require(MatchDescriptor(data: descriptor.data))
        #expect(decoded == descriptor)
        #expect(decoded.version == MatchDescriptor.currentVersion)
        #expect(abs(decoded.aspect - 1.5) < 0.001)
        // 4.3 KB of thumbnail and layout, then at most 600 features of 132 bytes.
        #expect(descriptor.data.count < 4_400 + 600 * 132)
    }

    @Test(arguments: [
        Data(), Data("AMD".utf8), Data([65, 77, 68, 99] + [UInt8](repeating: 0, count: 4_292)),
        Data([88, 77, 68, 1] + [UInt8](repeating: 0, count: 4_292)),
    ])
    func rejectsOtherBytes(_ data: Data) {
        #expect(MatchDescriptor(data: data) == nil)
    }

    @Test func matchingAStoredDescriptorEqualsMatchingTheImage() throws {
        var shot = PhoneShot()
        shot.frameWidth = 480
        shot.frameHeight = 480
        let photo = try shot.render(cover: Self.image, background: nil)
        let stored = try #require(MatchDescriptor(data: MatchDescriptor(image: Self.image).data))
        #expect(
            ImageMatcher.compare(photo: photo, descriptor: stored)
                == ImageMatcher.compare(photo: photo, candidate: Self.image))
    }
}
