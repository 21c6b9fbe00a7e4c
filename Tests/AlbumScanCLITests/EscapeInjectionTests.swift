import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

/// Hostile text from the model, MusicBrainz and a file name never reaches the terminal as a control sequence.
@Suite struct EscapeInjectionTests {
    static let clearScreen = "\u{1B}[2J"
    static let setTitle = "\u{1B}]0;title\u{07}"
    static let c1Red = "\u{9B}31m"
    static let hostile = "\(clearScreen)x\(setTitle)y\(c1Red)"

    /// ESC, BEL, other C0 controls but newline, and every C1 control.
    static func controls(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) }
    }

    static func identified(_ album: FixtureAlbum) -> [String: Any] {
        [
            "status": "identified", "artist": album.artist + hostile, "album": album.title, "year": "1998\(clearScreen)",
            "genres": ["Trip\(setTitle) Hop"], "label": "Loop\(c1Red)back \(hostile)", "confidence": "high",
            "searchQuery": NSNull(), "reason": NSNull(),
            "observation": ["extractedText": "TEXT\(hostile)", "textConfidence": "high", "visualDescription": hostile],
        ]
    }

    static var unresolved: [String: Any] {
        [
            "status": "unresolved", "artist": NSNull(), "album": NSNull(), "year": NSNull(), "genres": [String](),
            "label": NSNull(), "confidence": "low", "searchQuery": NSNull(), "reason": "no cover \(hostile)",
            "observation": ["extractedText": "", "textConfidence": "low", "visualDescription": "Blur \(hostile)"],
        ]
    }

    static var review: [String: Any] {
        [
            "summary": "A summary \(hostile) that rewards close listening.",
            "bullets": ["First \(clearScreen)point.", "Second \(setTitle)point.", "Third \(c1Red)point."],
            "rating": 8.5, "recommendation": "Essential\(clearScreen) Classic\(setTitle)",
            "keyTracks": ["Track \(hostile)", "Another\(c1Red)", "Third\(setTitle)"],
        ]
    }

    @Test func noControlSequenceReachesStdoutOrStderr() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let album = try #require(fixture.album("01"))
        fixture.services.openAI.respond { call in
            if call.hasImage { return .json(Self.identified(album)) }
            return .json(Self.review)
        }
        fixture.services.musicBrainz.respond { _, _ in
            MBReleaseList.response([
                MBRelease(
                    id: album.releaseID, title: album.title + Self.hostile, artist: album.artist + Self.setTitle,
                    date: "1998-04-01\(Self.clearScreen)", country: "GB", label: "MB \(Self.hostile) Label",
                    catalogNumber: Self.c1Red, releaseGroupId: album.releaseGroupID)
            ])
        }
        // A file name is remote text too: it came from wherever the photo was downloaded.
        let hostileName = fixture.covers.appendingPathComponent("cover\(Self.setTitle)\(Self.clearScreen).jpg")
        try FileManager.default.copyItem(atPath: try fixture.cover("01"), toPath: hostileName.path)
        var outputs = [try await fixture.run(["scan", hostileName.path, "--verbose"])]
        #expect(outputs[0].status == 0, "\(outputs[0].stderr)")
        #expect(outputs[0].stdout.contains("A summary xy that rewards close listening."))
        #expect(outputs[0].stdout.contains("Loopback xy"))
        fixture.services.openAI.respond { call in
            guard call.hasImage else { return .json(Self.review) }
            return .json(Self.unresolved)
        }
        outputs.append(try await fixture.run(["scan", hostileName.path, "--verbose"]))
        outputs.append(try await fixture.run(["show", "1", "--verbose"]))
        outputs.append(try await fixture.run(["history"]))
        outputs.append(try await fixture.run(["scan", fixture.covers.appendingPathComponent("gone\(Self.hostile).jpg").path]))
        for output in outputs {
            #expect(Self.controls(output.stdout).isEmpty, "stdout: \(output.stdout.debugDescription)")
            #expect(Self.controls(output.stderr).isEmpty, "stderr: \(output.stderr.debugDescription)")
        }
        #expect(outputs[1].status == 1)
        #expect(outputs.contains { $0.stderr.contains("stage: ") })
    }

    @Test func forcedColourStillCarriesNoRemoteSequence() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let album = try #require(fixture.album("01"))
        fixture.services.openAI.respond { call in call.hasImage ? .json(Self.identified(album)) : .json(Self.review) }
        let output = try await fixture.run(["scan", try fixture.cover("01"), "--color", "always"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("that rewards close listening"), "the hostile review was shown")
        // Our own styling uses SGR (ESC [ ... m) only; nothing else may appear.
        let withoutStyling = output.stdout.replacingOccurrences(
            of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        #expect(Self.controls(withoutStyling).isEmpty, "\(withoutStyling.debugDescription)")
        #expect(output.stdout.contains("\u{1B}[1m"), "colour was forced on")
    }
}
