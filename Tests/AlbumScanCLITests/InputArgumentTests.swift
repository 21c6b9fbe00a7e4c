import Foundation
import Testing

@testable import albumscan

#if canImport(Glibc)
    import Glibc
#endif

/// Arguments and folder entries keep their bytes, so files with names that are not UTF-8 are found.
@Suite struct InputArgumentTests {
    @Test(
        arguments: [
            ("plain.jpg", [Array("plain.jpg".utf8)], Array("plain.jpg".utf8)),
            ("a\u{FFFD}.jpg", [Array("x".utf8), [0x61, 0xFF, 0x2E, 0x6A, 0x70, 0x67]], [0x61, 0xFF, 0x2E, 0x6A, 0x70, 0x67]),
            ("a\u{FFFD}.jpg", [Array("a\u{FFFD}.jpg".utf8)], Array("a\u{FFFD}.jpg".utf8)),
        ] as [(String, [[UInt8]], [UInt8])])
    func argumentsMapBackToTheirBytes(argument: String, raw: [[UInt8]], bytes: [UInt8]) {
        #expect(RawArguments.bytes(argument, among: raw) == bytes)
    }

    @Test func aFolderListsNamesThatAreNotUTF8() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("names-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let odd: [UInt8] = Array("b".utf8) + [0xE9] + Array(".jpg".utf8)
        for name in [Array("a.jpg".utf8), odd, Array("notes.txt".utf8)] {
            let path = (Array(folder.utf8) + [UInt8(ascii: "/")] + name).map { CChar(bitPattern: $0) } + [0]
            close(open(path, O_WRONLY | O_CREAT, 0o644))
        }
        let files = try InputList.expand([Array(folder.utf8)])
        #expect(files.map { Array($0.bytes.suffix($0.bytes.count - folder.utf8.count - 1)) } == [Array("a.jpg".utf8), odd])
    }

    @Test func aCoverWithANameThatIsNotUTF8IsScanned() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let cover = try fixture.cover("01")
        // Rename to a Latin-1 name: "caf" + 0xE9 + ".jpg", which is not UTF-8.
        let target =
            (Array(fixture.covers.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".jpg".utf8)).map { CChar(bitPattern: $0) } + [
                0
            ]
        try #require(rename(cover, target) == 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // printf makes the raw byte; Foundation would re-encode it if passed as a Swift string.
        process.arguments = [
            "-c", "exec \"$0\" scan \"$(printf '%s/caf\\351.jpg' \"$1\")\" --json", CLIRunner.binary.path, fixture.covers.path,
        ]
        process.environment = fixture.runner.environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("\"status\":\"identified\""))
    }

    @Test func aFIFONamedCoverJPGDoesNotHangTheBatch() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let fifo = fixture.covers.appendingPathComponent("cover.jpg").path
        try #require(mkfifo(fifo, 0o644) == 0)
        let output = try await fixture.runner.run(["scan", fifo, try fixture.cover("01"), "--json"])
        #expect(output.status == 66, "\(output.stderr)")
        #expect(output.jsonLines.map { $0["status"] as? String } == ["failed", "identified"])
        let error = output.jsonLines.first?["error"] as? [String: Any]
        #expect(error?["message"] as? String == "is a FIFO, not a regular file; name an image file")
    }
}
