import Foundation

/// The scripted scenario `albumscan-fakes` serves: one synthetic album found end to end.
public enum DefaultScenario {
    /// The album's artist.
    public static let artist = "The Synthetics"
    /// The album's title.
    public static let album = "Blocky Colours"
    /// The release MBID MusicBrainz returns and the Cover Art Archive serves.
    public static let releaseID = FakeIDs.uuid("default-scenario:release")
    /// The release group MBID.
    public static let releaseGroupID = FakeIDs.uuid("default-scenario:release-group")

    /// The identify reply: the prompt's JSON object, as `message.content` text.
    public static var identifyReply: [String: Any] {
        [
            "status": "identified", "artist": artist, "album": album, "year": "2024", "genres": ["Electronic"],
            "label": "Loopback Records", "confidence": 0.93, "searchQuery": NSNull(), "reason": NSNull(),
            "observation": [
                "extractedText": "THE SYNTHETICS BLOCKY COLOURS", "textConfidence": "high",
                "visualDescription": "Bold coloured blocks and circles on a gradient background.",
            ] as [String: Any],
        ]
    }

    /// Starts the three fakes scripted for the scenario.
    public static func start() throws -> FakeServices {
        let openAI = try FakeOpenAI { call in
            guard call.usesWebSearch else { return .json(identifyReply) }
            let text =
                "\(album) is a 2024 album by \(artist). ([musicbrainz.org](https://musicbrainz.org/release/"
                + "\(releaseID)?utm_source=openai))"
            let start = text.distance(from: text.startIndex, to: text.firstIndex(of: "(") ?? text.startIndex)
            let citation = FakeCitation(
                title: "\(album) - MusicBrainz",
                url: "https://musicbrainz.org/release/\(releaseID)?utm_source=openai",
                start: start, end: text.count)
            return .content(text, annotations: [citation])
        }
        let release = MBRelease(
            id: releaseID, title: album, artist: artist, date: "2024-03-01", country: "GB", label: "Loopback Records",
            catalogNumber: "LOOP001", releaseGroupId: releaseGroupID, trackCount: 9)
        let musicBrainz = try FakeMusicBrainz { _, _ in MBReleaseList.response([release]) }
        let coverArt = try FakeCoverArt()
        let cover = SyntheticCover.seeded(2024)
        let image = CoverArtImage(
            id: 100_000_001, data: try cover.jpeg(width: 1400, height: 1400),
            thumbnails: [
                250: try cover.jpeg(width: 250, height: 250), 500: try cover.jpeg(width: 500, height: 500),
                1200: try cover.jpeg(width: 1200, height: 1200),
            ])
        coverArt.setRelease(releaseID, CoverArtRelease(images: [image]))
        coverArt.setReleaseGroup(releaseGroupID, release: releaseID)
        return FakeServices(openAI: openAI, musicBrainz: musicBrainz, coverArt: coverArt)
    }
}
