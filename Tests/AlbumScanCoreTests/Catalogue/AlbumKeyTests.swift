import Testing

@testable import AlbumScanCore

@Suite struct AlbumKeyTests {
    @Test(arguments: [
        ("Radiohead", "OK Computer (Deluxe Edition)", "Radiohead", "OK Computer"),
        ("Radiohead", "OK Computer - 2009 Remaster", "Radiohead", "OK Computer"),
        ("Fleetwood Mac", "Rumours [35th Anniversary Edition]", "Fleetwood Mac", "Rumours"),
        ("The Beatles", "Abbey Road", "Beatles", "abbey road"),
        ("Sigur Rós", "Ágætis byrjun", "SIGUR ROS", "Agætis Byrjun"),
        ("Earth, Wind & Fire", "That's the Way of the World", "Earth Wind and Fire", "Thats the Way of the World"),
        ("Oasis", "(What's the Story) Morning Glory?", "Oasis", "(What's the Story) Morning Glory"),
        ("Pink  Floyd", "The Wall (Expanded)", "pink floyd", "the wall"),
    ])
    func sameAlbumSameKey(artistA: String, titleA: String, artistB: String, titleB: String) {
        #expect(AlbumKey(artist: artistA, title: titleA) == AlbumKey(artist: artistB, title: titleB))
    }

    @Test(arguments: [
        ("The Beatles", "Let It Be... Naked", "The Beatles", "Let It Be"),
        ("Radiohead", "OK Computer", "Radiohead", "Kid A"),
        ("Oasis", "(What's the Story) Morning Glory?", "Oasis", "Morning Glory"),
        ("The The", "Soul Mining", "Soul Mining", "The The"),
    ])
    func differentAlbumsDifferentKeys(artistA: String, titleA: String, artistB: String, titleB: String) {
        #expect(AlbumKey(artist: artistA, title: titleA) != AlbumKey(artist: artistB, title: titleB))
    }

    @Test func keyIsReadable() {
        #expect(AlbumKey(artist: "The Beatles", title: "Abbey Road (2019 Remaster)").description == "beatles|abbey road")
    }
}
