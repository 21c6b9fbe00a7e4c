import AlbumScanCore
import Foundation

/// What the fake models answer for the fixture albums.
enum FixtureReplies {
    /// With `complete`, every album is named by Call 1 and reviewed, whatever path its story exercises;
    /// `albums` is the world the model knows.
    static func reply(_ call: ChatCall, complete: Bool = false, albums: [FixtureAlbum] = FixtureCatalog.albums)
        -> FakeChatReply
    {
        if call.hasImage { return identify(call, complete: complete, albums: albums) }
        if call.userText.contains("Text read from the cover:") { return search(call, albums: albums) }
        return review(call, complete: complete, albums: albums)
    }

    /// ID Call 1: "recognises" a cover by its background colour.
    static func identify(_ call: ChatCall, complete: Bool = false, albums: [FixtureAlbum] = FixtureCatalog.albums)
        -> FakeChatReply
    {
        guard let album = recognise(call.imageDataURL, among: albums) else { return .json(unresolved) }
        switch complete ? .callOne : album.identification {
        case .callOne:
            return .json(identified(album, text: "\(album.artist) \(album.title)".uppercased()))
        case .searchPasses:
            return .json(
                searchNeeded(text: album.artist.uppercased(), confidence: "medium", query: "\(album.artist) album \(album.year)"))
        case .searchBlocked:
            return .json(searchNeeded(text: "hm", confidence: "low", query: "grey drone album"))
        case .unresolved:
            return .json(unresolved)
        }
    }

    /// ID Call 2: finds the album named in the extracted text, in prose with a fenced JSON block, like search models do.
    static func search(_ call: ChatCall, albums: [FixtureAlbum] = FixtureCatalog.albums) -> FakeChatReply {
        guard let album = albums.first(where: { call.userText.localizedCaseInsensitiveContains($0.artist) }),
            let json = try? JSONSerialization.data(
                withJSONObject: identified(album, text: album.artist.uppercased()), options: [.sortedKeys])
        else { return .json(["status": "unresolved", "reason": "nothing found"]) }
        let text = "I found it on MusicBrainz.\n```json\n\(String(decoding: json, as: UTF8.self))\n```"
        let url = "https://musicbrainz.org/release/\(album.releaseID)?utm_source=openai"
        return .content(text, annotations: [FakeCitation(title: "\(album.title) - MusicBrainz", url: url, start: 0, end: 26)])
    }

    /// The review: a modest, music-only text; junk for albums whose review is meant to fail.
    static func review(_ call: ChatCall, complete: Bool = false, albums: [FixtureAlbum] = FixtureCatalog.albums)
        -> FakeChatReply
    {
        let titleLine =
            call.userText.split(separator: "\n").first { $0.hasPrefix("Title: ") }.map { String($0.dropFirst(7)) } ?? ""
        guard let album = FixtureCatalog.album(titled: titleLine, in: albums), complete || !album.reviewFails else {
            return .content("Sorry, I can't write that review right now.")
        }
        let rating = 5.5 + Double((Int(album.slug.prefix(2)) ?? 1) % 8) * 0.5
        let review: [String: Any] = [
            "summary":
                "\(album.title) is the \(album.year) record by \(album.artist), a \(album.genres.joined(separator: " and ").lowercased()) album that rewards close listening. It is a fictional fixture, reviewed here only to exercise albumscan.",
            "bullets": [
                "Critics in this made-up world praised its patient arrangements.",
                "The opening track sets the mood with a slow build.",
                "Its production still sounds clean and spacious.",
            ],
            "rating": rating,
            "recommendation": RecommendationLabel.implied(byRating: rating),
            "keyTracks": ["Opening Signal", "Middle Distance", "Last Light", "Coda"],
        ]
        guard call.usesWebSearch else { return .json(review) }
        let json =
            (try? JSONSerialization.data(withJSONObject: review, options: [.sortedKeys])).map {
                String(decoding: $0, as: UTF8.self)
            } ?? "{}"
        return .content(
            json,
            annotations: [
                FakeCitation(
                    title: "\(album.title) review - Pitchfork",
                    url: "https://pitchfork.com/reviews/albums/\(album.slug)/?utm_source=openai", start: 0, end: 10),
                FakeCitation(
                    title: "\(album.title) - AllMusic", url: "https://www.allmusic.com/album/\(album.slug)?utm_source=openai",
                    start: 10, end: 20),
            ])
    }

    static func identified(_ album: FixtureAlbum, text: String) -> [String: Any] {
        [
            "status": "identified", "artist": album.artist, "album": album.title, "year": album.year, "genres": album.genres,
            "label": album.label, "confidence": "high", "searchQuery": NSNull(), "reason": NSNull(),
            "catalogNumber": album.sleeve.catalogNumber ?? NSNull(), "format": album.sleeve.format ?? NSNull(),
            "country": album.sleeve.country ?? NSNull(),
            "observation": [
                "extractedText": ([text] + [album.sleeve.catalogNumber].compactMap { $0 }).joined(separator: " "),
                "textConfidence": "high", "visualDescription": "A synthetic cover.",
            ],
        ]
    }

    static func searchNeeded(text: String, confidence: String, query: String) -> [String: Any] {
        [
            "status": "search_needed", "artist": NSNull(), "album": NSNull(), "year": NSNull(), "genres": [String](),
            "label": NSNull(), "confidence": "low", "searchQuery": query, "reason": NSNull(), "catalogNumber": NSNull(),
            "format": NSNull(), "country": NSNull(),
            "observation": ["extractedText": text, "textConfidence": confidence, "visualDescription": "A synthetic cover."],
        ]
    }

    static var unresolved: [String: Any] {
        [
            "status": "unresolved", "artist": NSNull(), "album": NSNull(), "year": NSNull(), "genres": [String](),
            "label": NSNull(), "confidence": "low", "searchQuery": NSNull(), "reason": "no album cover is visible",
            "catalogNumber": NSNull(), "format": NSNull(), "country": NSNull(),
            "observation": ["extractedText": "", "textConfidence": "low", "visualDescription": "A blurred photo."],
        ]
    }

    /// Averages the image border and picks the album of `albums` with the nearest background colour.
    static func recognise(_ dataURL: String?, among albums: [FixtureAlbum] = FixtureCatalog.albums) -> FixtureAlbum? {
        guard let dataURL, let comma = dataURL.firstIndex(of: ","),
            let bytes = Data(base64Encoded: String(dataURL[dataURL.index(after: comma)...])),
            let image = try? JPEGDecoder.decodeRGB(bytes, maxSide: 64, limits: ImageLimits()), image.width > 4, image.height > 4
        else { return nil }
        var sum = (0.0, 0.0, 0.0), count = 0.0
        for y in 0..<image.height {
            for x in 0..<image.width where x < 3 || y < 3 || x >= image.width - 3 || y >= image.height - 3 {
                let offset = (y * image.width + x) * 3
                sum.0 += Double(image.pixels[offset])
                sum.1 += Double(image.pixels[offset + 1])
                sum.2 += Double(image.pixels[offset + 2])
                count += 1
            }
        }
        return FixtureCatalog.nearest(red: sum.0 / count, green: sum.1 / count, blue: sum.2 / count, in: albums)
    }
}
