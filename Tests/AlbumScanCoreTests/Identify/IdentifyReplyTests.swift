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
        #expect(
            reply.album
                == Album(
                    artist: "Radiohead", title: "OK Computer", year: "1997", genres: ["Alternative Rock"], label: "Parlophone"))
        #expect(reply.observation.textConfidence == .high)
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
