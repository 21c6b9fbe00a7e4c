import AlbumScanTestSupport
import Foundation
import Testing

@testable import albumscan

/// PNG and HEIC files on the command line and in folders.
@Suite struct FormatInputTests {
    @Test func aTruncatedHEICExits65WithOneLine() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let pixels = [UInt8](repeating: 128, count: 256 * 192 * 3)
        let heic = try HEIFWriter.heic(pixels, width: 256, height: 192)
        let file = fixture.covers.appendingPathComponent("cut.heic")
        try heic.prefix(heic.count / 2).write(to: file)
        let output = try await fixture.run(["scan", file.path])
        #expect(output.status == 65)
        let lines = output.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("heic"), "\(output.stderr)")
        #expect(fixture.services.openAI.calls.isEmpty)
    }

    @Test func aFolderPicksUpPNGAndHEICByExtension() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["a.jpg", "b.PNG", "c.heic", "d.HEIF", "e.jpeg", "f.webp", "g.txt", "h.gif"] {
            try Data().write(to: folder.appendingPathComponent(name))
        }
        let files = try InputList.expand([Array(folder.path.utf8)])
        #expect(files.map { ($0.name as NSString).lastPathComponent } == ["a.jpg", "b.PNG", "c.heic", "d.HEIF", "e.jpeg"])
    }
}
