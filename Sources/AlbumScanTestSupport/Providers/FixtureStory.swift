import AlbumScanCore
import Foundation

/// The fixture world's model answers in a provider-neutral form, for the Anthropic, Gemini and local fakes
/// (the OpenAI fake keeps `FixtureReplies`, whose bytes the bundled recordings pin).
package enum FixtureStory {
    /// Which of albumscan's four calls a request is.
    package enum Task: Sendable { case identify, search, review, searchReview }

    /// One answer: a JSON object, prose with cited pages, or junk.
    // Unchecked: `.json` holds only JSON values (strings, numbers, arrays, dictionaries), which `Any` cannot declare Sendable.
    package enum Answer: @unchecked Sendable {
        case json([String: Any])
        case cited(String, sources: [(title: String, url: String)])
        case junk(String)

        /// The answer as text, as a model would write it.
        package var text: String {
            switch self {
            case .json(let object): FixtureStory.serialise(object)
            case .cited(let text, _): text
            case .junk(let text): text
            }
        }

        /// The pages cited, if any.
        package var sources: [(title: String, url: String)] {
            if case .cited(_, let sources) = self { return sources }
            return []
        }
    }

    /// The task a request is, from whether it carries an image, searches the web, and what its user text says.
    package static func task(hasImage: Bool, searches: Bool, userText: String) -> Task {
        if hasImage { return .identify }
        if userText.contains("Text read from the cover:") { return .search }
        return searches ? .searchReview : .review
    }

    /// The fixture answer to `task`; `image` is the uploaded JPEG for ID Call 1; `albums` is the world the model knows.
    package static func answer(
        _ task: Task, image: Data?, userText: String, complete: Bool = false,
        albums: [FixtureAlbum] = FixtureCatalog.albums
    ) -> Answer {
        switch task {
        case .identify:
            let dataURL = image.map { "data:image/jpeg;base64," + $0.base64EncodedString() }
            guard let album = FixtureReplies.recognise(dataURL, among: albums) else { return .json(FixtureReplies.unresolved) }
            switch complete ? .callOne : album.identification {
            case .callOne: return .json(FixtureReplies.identified(album, text: "\(album.artist) \(album.title)".uppercased()))
            case .searchPasses:
                return .json(
                    FixtureReplies.searchNeeded(
                        text: album.artist.uppercased(), confidence: "medium", query: "\(album.artist) album \(album.year)"))
            case .searchBlocked:
                return .json(FixtureReplies.searchNeeded(text: "hm", confidence: "low", query: "grey drone album"))
            case .unresolved: return .json(FixtureReplies.unresolved)
            }
        case .search:
            guard let album = albums.first(where: { userText.localizedCaseInsensitiveContains($0.artist) }) else {
                return .json(["status": "unresolved", "reason": "nothing found"])
            }
            let json = serialise(FixtureReplies.identified(album, text: album.artist.uppercased()))
            return .cited(
                "I found it on MusicBrainz.\n```json\n\(json)\n```",
                sources: [("\(album.title) - MusicBrainz", "https://musicbrainz.org/release/\(album.releaseID)")])
        case .review, .searchReview:
            let titleLine =
                userText.split(separator: "\n").first { $0.hasPrefix("Title: ") }.map { String($0.dropFirst(7)) } ?? ""
            guard let album = FixtureCatalog.album(titled: titleLine, in: albums), complete || !album.reviewFails else {
                return .junk("Sorry, I can't write that review right now.")
            }
            let review = reviewObject(album)
            guard task == .searchReview else { return .json(review) }
            return .cited(
                serialise(review),
                sources: [
                    ("\(album.title) review - Pitchfork", "https://pitchfork.com/reviews/albums/\(album.slug)/"),
                    ("\(album.title) - AllMusic", "https://www.allmusic.com/album/\(album.slug)"),
                ])
        }
    }

    static func reviewObject(_ album: FixtureAlbum) -> [String: Any] {
        let rating = 5.5 + Double((Int(album.slug.prefix(2)) ?? 1) % 8) * 0.5
        return [
            "summary":
                "\(album.title) is the \(album.year) record by \(album.artist), a \(album.genres.joined(separator: " and ").lowercased()) album that rewards close listening. It is a fictional fixture, reviewed here only to exercise albumscan.",
            "bullets": [
                "Critics in this made-up world praised its patient arrangements.",
                "The opening track sets the mood with a slow build.",
                "Its production still sounds clean and spacious.",
            ],
            "rating": rating, "recommendation": RecommendationLabel.implied(byRating: rating),
            "keyTracks": ["Opening Signal", "Middle Distance", "Last Light", "Coda"],
        ]
    }

    static func serialise(_ object: Any) -> String {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            .map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// Width and height from a JPEG's SOF marker, for the fakes' image token counts.
    package static func jpegSize(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data)
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                let height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
                let width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
                return (width, height)
            }
            index += 2 + length
        }
        return nil
    }

    /// A stable id derived from a request body, so re-recorded fixtures do not change.
    static func stableID(_ body: Data, length: Int = 24) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in body { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        return String(
            (0..<length).map { _ in
                hash = hash &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return letters[Int((hash >> 33) % UInt64(letters.count))]
            })
    }
}
