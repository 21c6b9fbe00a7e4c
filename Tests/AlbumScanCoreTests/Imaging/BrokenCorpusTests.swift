import Foundation
import Testing

@testable import AlbumScanCore

extension ImagingTests {
    @Suite("Broken corpus smoke", .enabled(if: ImagingCorpora.available))
    struct BrokenCorpusTests {
        @Test("each broken file is rejected as an invalid image or decodes")
        func neverCrashes() throws {
            let names = ImagingCorpora.files("broken")
            #expect(names.count > 10)
            for name in names {
                let data = try ImagingCorpora.data("broken", name)
                do {
                    let prepared = try ImagePrep.prepareUpload(data, limits: ImageLimits())
                    #expect(max(prepared.width, prepared.height) <= 1024, "\(name)")
                } catch let error as AlbumScanError {
                    guard case .invalidImage(let message) = error else {
                        Issue.record("\(name): unexpected \(error)")
                        continue
                    }
                    #expect(!message.isEmpty && !message.contains("\n"), "\(name)")
                }
            }
        }

        static let bombName = "jpegdec-imagetestsuite-6903d4538fd33c8fd0ded32cb30d618e.jpg"

        @Test("the memory bomb is rejected before decoding")
        func memoryBombRejected() throws {
            let data = try ImagingCorpora.data("broken", Self.bombName)
            #expect(throws: AlbumScanError.invalidImage("image too large: 49157x27397 is over the 100 megapixel limit (ALBUMSCAN_MAX_PIXELS)")) {
                try ImagePrep.prepareUpload(data, limits: ImageLimits())
            }
        }

        // Bypasses the pixel limit on purpose: only JPEGMEM stands between this decode and ~3.5 GB.
        @Test(
            "JPEGMEM makes the memory bomb fail fast even past the pixel limit",
            .enabled(if: ProcessInfo.processInfo.environment["JPEGMEM"].map { $0 == "600M" } ?? true))
        func memoryBombUnderBudget() throws {
            let data = try ImagingCorpora.data("broken", Self.bombName)
            let header = try TurboJPEG.header(data, maxPixels: 100_000_000)
            let clock = ContinuousClock()
            let start = clock.now
            let error = #expect(throws: AlbumScanError.self) {
                try TurboJPEG.decompress(
                    data, width: ResizePlan.scaled(header.width, num: 1, denom: 8),
                    height: ResizePlan.scaled(header.height, num: 1, denom: 8), cmyk: false, maxPixels: 100_000_000)
            }
            #expect(error?.message.contains("backing store") == true, "\(String(describing: error))")
            #expect(clock.now - start < .seconds(2))
            #expect(ProcessInfo.processInfo.environment["JPEGMEM"] == "600M")
        }
    }
}
