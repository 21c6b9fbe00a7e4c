import Foundation

/// One release in a Discogs search answer, rendered in the API's shape.
package struct DiscogsResult: Sendable, Equatable {
    package var id: Int
    package var artist: String
    package var title: String
    package var catalogNumber: String
    /// As Discogs lists them: as printed, with spaces.
    package var barcodes: [String]
    package var formats: [String]
    package var country: String
    package var year: String

    package init(
        id: Int, artist: String, title: String, catalogNumber: String, barcodes: [String] = [], formats: [String] = ["Vinyl", "LP"],
        country: String = "UK", year: String = "1980"
    ) {
        self.id = id
        self.artist = artist
        self.title = title
        self.catalogNumber = catalogNumber
        self.barcodes = barcodes
        self.formats = formats
        self.country = country
        self.year = year
    }

    /// The result object: `id`, `type`, `title` ("Artist - Title"), `catno`, `barcode[]`, `format[]`, `country`, ….
    package var jsonObject: [String: Any] {
        [
            "id": id, "type": "release", "title": "\(artist) - \(title)", "catno": catalogNumber, "barcode": barcodes,
            "format": formats, "country": country, "year": year, "label": ["Fixture Label"], "genre": ["Rock"],
            "style": [String](), "master_id": 0, "master_url": NSNull(), "uri": "/release/\(id)-fixture",
            "resource_url": "https://api.discogs.com/releases/\(id)", "thumb": "", "cover_image": "",
            "community": ["want": 0, "have": 0], "user_data": ["in_wantlist": false, "in_collection": false],
        ]
    }
}
