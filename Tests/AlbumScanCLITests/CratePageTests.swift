import AlbumScanCore
import Foundation
import Testing

@testable import AlbumScanApp

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `history --html` writes one self-contained, well-formed page with every scan's details and artwork.
@Suite struct CratePageTests {
    @Test func historyHTMLIsAWellFormedSelfContainedPage() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        // 01: artwork and review; 06: no artwork; 07: review failed; 08: an ampersand in the artist.
        for prefix in ["01", "06", "07", "08"] {
            #expect(try await fixture.run(["scan", try fixture.cover(prefix), "--json"]).status == 0)
        }
        let page = fixture.runner.home.appendingPathComponent("crate.html")
        let written = try await fixture.run(["history", "--html", page.path])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.contains("Wrote 4 scans to"))
        let data = try Data(contentsOf: page)
        let outline = PageOutline()
        let parser = XMLParser(data: data)
        parser.delegate = outline
        #expect(parser.parse(), "not well-formed: \(String(describing: parser.parserError))")

        #expect(outline.count("article") == 4)
        #expect(outline.texts("h2") == ["Earth, Wire & Fire", "Low Orbit", "Paper Kites Union", "The Velvet Circuit"])
        #expect(outline.texts("h3").contains("(What's the) Weather Like?"))
        let sources = outline.attributes("img", "src")
        #expect(sources.count == 3, "06 has no artwork")
        for source in sources {
            #expect(source.hasPrefix("data:image/jpeg;base64,"))
            let bytes = try #require(Data(base64Encoded: String(source.dropFirst("data:image/jpeg;base64,".count))))
            let image = try JPEGDecoder.decodeRGB(bytes, maxSide: nil, limits: ImageLimits())
            #expect(image.width == 500)
        }
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("Album art unavailable"))
        #expect(text.contains("Review Temporarily Unavailable"))
        #expect(text.contains("💡 Scan this photo again to retry the review"))
        #expect(!text.contains("`"), "the crate page, which a phone opens, names no shell command")
        #expect(text.contains("Earth, Wire &amp; Fire"))
        #expect(outline.count("script") == 0 && outline.count("link") == 0 && outline.count("iframe") == 0)
        #expect(!outline.allAttributeValues.contains { $0.lowercased().contains("url(") })
        let order = [
            "class=\"art", "class=\"badge", "class=\"artist", "class=\"title", "Released:", "Genre:", "Label:",
            "class=\"copies", "<details class=\"review\"><summary>Review · ", "class=\"summary", "class=\"bullets",
            "🎵 Key Tracks", "</details>",
        ]
        // The AI notice once, in the header, not once per card.
        #expect(text.components(separatedBy: "class=\"disclaimer\"").count == 2)
        #expect(try #require(text.range(of: "class=\"disclaimer\"")).lowerBound < (text.range(of: "<article")?.lowerBound ?? text.endIndex))
        let first = try #require(text.range(of: "<article")).lowerBound
        var position = first
        for marker in order {
            let found = try #require(text.range(of: marker, range: position..<text.endIndex), "out of order: \(marker)")
            position = found.upperBound
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: fixture.runner.home.path)
        #expect(!leftovers.contains { $0.hasSuffix(".tmp") }, "the temporary file was renamed")
    }

    /// Two scans of one release make one card with both copies (grades and location, no price); the review sits
    /// behind a toggle.
    @Test func repeatedScansOfAReleaseShareOneCard() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let cover = try fixture.cover("01")
        #expect(try await fixture.run(["scan", cover, "--location", "Bin 4", "--media-condition", "VG+", "--price", "12.50"]).status == 0)
        // A second copy of the record: another photo of the same sleeve (a rescan of one photo replaces its scan).
        let copy = fixture.covers.appendingPathComponent("second-copy.jpg")
        try #require(fixture.album("01")).cover(width: 780, height: 780).write(to: copy)
        #expect(try await fixture.run(["scan", copy.path, "--location", "Wall", "--sleeve-condition", "NM"]).status == 0)
        #expect(try await fixture.run(["scan", try fixture.cover("02")]).status == 0)
        let page = try await fixture.run(["history", "--html", "-"])
        #expect(page.status == 0, "\(page.stderr)")
        let parser = XMLParser(data: Data(page.stdout.utf8))
        let outline = PageOutline()
        parser.delegate = outline
        #expect(parser.parse())
        #expect(outline.count("article") == 2)
        #expect(outline.count("details") == 2)
        #expect(page.stdout.contains("2 scans of this release"))
        #expect(page.stdout.contains("media Very Good Plus (VG+) · at Bin 4"))
        #expect(page.stdout.contains("sleeve Near Mint (NM or M-) · at Wall"))
        #expect(!page.stdout.contains("12.50"), "the price stays out of the page")
    }

    @Test func showHTMLWritesOneScanAndAnUnwritablePathExits73() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        #expect(try await fixture.run(["scan", try fixture.cover("02"), "--json"]).status == 0)
        let page = fixture.runner.home.appendingPathComponent("one.html")
        let json = try await fixture.run(["show", "1", "--html", page.path, "--json"])
        #expect(json.status == 0)
        #expect((json.json as? [String: Any])?["scans"] as? Int == 1)
        let outline = PageOutline()
        let parser = XMLParser(data: try Data(contentsOf: page))
        parser.delegate = outline
        #expect(parser.parse())
        #expect(outline.texts("h3") == ["Tide Tables (Deluxe Edition)"])
        let failed = try await fixture.run(["history", "--html", "/nonexistent-folder/crate.html"])
        #expect(failed.status == 73)
        #expect(failed.stderr.hasPrefix("albumscan: cannot write /nonexistent-folder/crate.html"))
    }

    /// `--html -` writes the page to stdout (a one-character name ended in a trap); with --json it is a usage error.
    @Test func htmlDashWritesThePageToStdout() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        #expect(try await fixture.run(["scan", try fixture.cover("02"), "--json"]).status == 0)
        for arguments in [["history", "--html", "-"], ["show", "1", "--html", "-"]] {
            let output = try await fixture.run(arguments)
            #expect(output.status == 0, "\(arguments): \(output.stderr)")
            #expect(output.stdout.hasPrefix("<!DOCTYPE html>"))
            let outline = PageOutline()
            let parser = XMLParser(data: Data(output.stdout.utf8))
            parser.delegate = outline
            #expect(parser.parse())
            #expect(outline.texts("h3") == ["Tide Tables (Deluxe Edition)"])
        }
        let mixed = try await fixture.run(["history", "--html", "-", "--json"])
        #expect(mixed.status == 64)
        #expect(mixed.stderr.contains("--html - and --json cannot be combined"))
    }

    /// A bare one-character file name is written in the current folder (it ended in a trap).
    @Test func aOneCharacterNameIsWritten() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let folder = fixture.runner.home.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let output = try await fixture.runner.spawn(["history", "--html", "a"], currentDirectory: folder)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(try String(contentsOf: folder.appendingPathComponent("a"), encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
    }
}
