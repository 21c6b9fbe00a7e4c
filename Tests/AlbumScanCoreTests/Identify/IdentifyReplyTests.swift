import Testing

@testable import AlbumScanCore

@Suite struct IdentifyReplyTests {
    static let plain = """
        {"status":"identified","artist":"Radiohead","album":"OK Computer","year":"1997","genres":["Alternative Rock"],
         "label":"Parlophone","confidence":"high",
         "observation":{"extractedText":"RADIOHEAD OK COMPUTER","textConfidence":"high","visualDescription":"white sketches"},
         "searchQuery":null,"reason":null}
        """

    @Test func parsesTheFixedShape() throws {
        let reply = try #require(IdentifyReply.parse(Self.plain))
        #expect(reply.status == .identified)
        var expected = Album(
            artist: "Radiohead", title: "OK Computer", year: "1997", genres: ["Alternative Rock"], label: "Parlophone")
        expected.sources = AlbumSources(label: .model, year: .model)
        #expect(reply.album == expected)
        #expect(reply.observation.textConfidence == .high)
    }

    /// DESIGN wave 5: a fact is the sleeve's only when the model read it off the photo (it is in `extractedText`,
    /// case and spacing aside); what it knew of the album is the model's.
    @Test(arguments: [
        ("RADIOHEAD OK COMPUTER", AlbumSources(label: .model, year: .model)),
        ("Radiohead  ok computer  parlophone  1997", AlbumSources(label: .sleeve, year: .sleeve)),
        ("PARLOPHONE 7243 8 55229 2 5", AlbumSources(label: .sleeve, year: .model)),
        ("", AlbumSources(label: .model, year: .model)),
    ])
    func factsReadOffThePhotoAreTheSleeves(text: String, sources: AlbumSources) throws {
        let reply = try #require(
            IdentifyReply.parse(Self.plain.replacingOccurrences(of: "RADIOHEAD OK COMPUTER", with: text)))
        #expect(reply.album?.sources == sources)
    }

    @Test(arguments: [
        "```json\n\(plain)\n```",
        "Sure! Here is the JSON you asked for:\n\(plain)\nLet me know if you need more.",
        plain.replacingOccurrences(of: "\"1997\"", with: "1997"),
        plain.replacingOccurrences(of: "\"high\"", with: "\"High\""),
        plain.replacingOccurrences(of: "\"status\":", with: "\"extra\":{\"nested\":[1,2]},\"status\":"),
        plain.replacingOccurrences(of: "\"1997\"", with: "\"1997-06-16\""),
    ])
    func toleratesDrift(text: String) throws {
        let reply = try #require(IdentifyReply.parse(text))
        #expect(reply.status == .identified)
        #expect(reply.album?.year == "1997")
        #expect(reply.album?.title == "OK Computer")
        #expect(reply.confidence == .high)
    }

    @Test func readsSearchNeededWithMissingOptionalFields() throws {
        let reply = try #require(
            IdentifyReply.parse(
                #"{"status":"Search_Needed","observation":{"extractedText":"KRAFT","textConfidence":"Medium"},"searchQuery":"kraft album"}"#
            ))
        #expect(reply.status == .searchNeeded)
        #expect(reply.album == nil)
        #expect(reply.searchQuery == "kraft album")
        #expect(reply.observation.textConfidence == .medium)
        #expect(reply.observation.visualDescription == "")
    }

    @Test(arguments: ["", "{", "not json at all", #"{"status":"maybe"}"#, "[1,2,3]", #"{"sta"#])
    func rejectsUnusableReplies(text: String) {
        #expect(IdentifyReply.parse(text) == nil)
    }

    @Test func identifiedWithoutAnAlbumIsUnresolved() throws {
        let reply = try #require(IdentifyReply.parse(#"{"status":"identified","artist":null,"album":null}"#))
        #expect(reply.status == .unresolved)
    }
}
