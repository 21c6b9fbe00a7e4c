extension FixtureCatalog {
    /// Ten more ordinary albums (named by Call 1, front artwork, a review, a listed barcode), each with its own motif
    /// and a colour far from every other fixture's, so a crate can hold 20 distinct identifiable covers.
    package static let crateExtras: [FixtureAlbum] = [
        FixtureAlbum(
            slug: "13-glasshouse-tenants", artist: "Glasshouse Tenants", title: "Photosynthesis Club", year: "1993",
            genres: ["Indie Pop"], label: "Greenroom", colour: Colour(90, 230, 10), barcode: "5019990000131",
            motif: .twinBlocks),
        FixtureAlbum(
            slug: "14-orla-frost", artist: "Orla Frost & the Thaw", title: "Meltwater Hymns", year: "2008",
            genres: ["Chamber Folk"], label: "Floe", colour: Colour(110, 220, 240), barcode: "5019990000278",
            motif: .diagonalDots),
        FixtureAlbum(
            slug: "15-minty-vesper", artist: "Minty Vesper", title: "Small Hours Radio", year: "2016", genres: ["Lo-Fi"],
            label: "Night Desk", colour: Colour(170, 240, 140), barcode: "5019990000315", motif: .frame),
        FixtureAlbum(
            slug: "16-lavender-engine", artist: "Lavender Engine Co.", title: "Steam & Silk", year: "1972",
            genres: ["Psychedelic Rock"], label: "Piston", colour: Colour(165, 135, 250), barcode: "5019990000452",
            motif: .textLines),
        FixtureAlbum(
            slug: "17-kaleido-twins", artist: "Kaleido Twins", title: "Mirror Mirror Disco", year: "1984",
            genres: ["Italo Disco"], label: "Mirrorball", colour: Colour(220, 0, 240), barcode: "5019990000599",
            motif: .equaliser),
        FixtureAlbum(
            slug: "18-spring-loaded", artist: "Spring Loaded Orchestra", title: "Compression", year: "1999",
            genres: ["Big Beat"], label: "Tension", colour: Colour(20, 240, 130), barcode: "042000000062",
            motif: .checker),
        FixtureAlbum(
            slug: "19-olive-grove", artist: "Olive Grove Assembly", title: "Terrace Farming", year: "1979",
            genres: ["Progressive Rock"], label: "Threshing Floor", colour: Colour(135, 150, 0), barcode: "5019990000735",
            motif: .target),
        FixtureAlbum(
            slug: "20-violet-relay", artist: "Violet Relay", title: "Wavelengths Unknown", year: "2013",
            genres: ["Shoegaze"], label: "Spectra", colour: Colour(90, 0, 230), barcode: "5019990000872", motif: .cross),
        FixtureAlbum(
            slug: "21-margarine-sky", artist: "Margarine Sky", title: "Sunday Toast", year: "1969",
            genres: ["Sunshine Pop"], label: "Breakfast Table", colour: Colour(255, 240, 120), barcode: "5019990000919",
            motif: .cornerBlock),
        FixtureAlbum(
            slug: "22-cherry-voltage", artist: "Cherry Voltage", title: "Red Shift Romance", year: "2002",
            genres: ["Garage Rock"], label: "Spark Plug", colour: Colour(255, 0, 110), barcode: "5019990001053",
            motif: .horizon),
    ]

    /// The fixture world with the crate's extra albums: 22 albums, 20 of them identifiable.
    package static let withCrateExtras = albums + crateExtras
}
