import Foundation

/// One image of a release on the fake Cover Art Archive, with the bytes it serves.
package struct CoverArtImage: Sendable {
    /// The image id (numeric, as on the real archive).
    package var id: Int
    /// The original's bytes, also served for any thumbnail size without its own bytes.
    package var data: Data
    /// Bytes per thumbnail size (250, 500, 1200).
    package var thumbnails: [Int: Data]
    /// The `front` flag.
    package var front: Bool
    /// The `back` flag.
    package var back: Bool
    /// The `types` list, such as `["Front"]`.
    package var types: [String]
    /// The `approved` flag.
    package var approved: Bool
    /// The `comment` text.
    package var comment: String
    /// The `edit` number.
    package var edit: Int
    /// The original's extension (`jpg`, `png`, `gif`, `pdf`); thumbnails are always jpg.
    package var fileExtension: String

    /// Creates an image; `types` defaults to `Front` or `Back` from the flags.
    package init(
        id: Int, data: Data, thumbnails: [Int: Data] = [:], front: Bool = true, back: Bool = false,
        types: [String]? = nil, approved: Bool = true, comment: String = "", edit: Int? = nil,
        fileExtension: String = "jpg"
    ) {
        self.id = id
        self.data = data
        self.thumbnails = thumbnails
        self.front = front
        self.back = back
        self.types = types ?? (front ? ["Front"] : back ? ["Back"] : [])
        self.approved = approved
        self.comment = comment
        self.edit = edit ?? 59_951_760 + id % 1000
        self.fileExtension = fileExtension
    }

    /// The bytes served for thumbnail `size`, or for the original when nil.
    package func bytes(size: Int?) -> Data {
        size.flatMap { thumbnails[$0] } ?? data
    }

    /// The MIME type of the original.
    var originalContentType: String {
        switch fileExtension.lowercased() {
        case "png": return "image/png"
        case "gif": return "image/gif"
        case "pdf": return "application/pdf"
        default: return "image/jpeg"
        }
    }
}

/// A release's entry on the fake Cover Art Archive.
package struct CoverArtRelease: Sendable {
    /// Its images in listing order.
    package var images: [CoverArtImage]
    /// Render the legacy listing shape: string `id`, thumbnails only `small`/`large`.
    package var legacyShape: Bool
    /// A listing served byte for byte instead of one rendered from `images`.
    package var verbatimListing: Data?

    /// Creates an entry.
    package init(images: [CoverArtImage], legacyShape: Bool = false, verbatimListing: Data? = nil) {
        self.images = images
        self.legacyShape = legacyShape
        self.verbatimListing = verbatimListing
    }

    /// One front image with these bytes.
    package static func front(_ data: Data, id: Int = 100_000_001) -> CoverArtRelease {
        CoverArtRelease(images: [CoverArtImage(id: id, data: data)])
    }

    /// A listing served verbatim (such as a sample file); `images` still back the image routes.
    package static func verbatim(_ listing: Data, images: [CoverArtImage] = []) -> CoverArtRelease {
        CoverArtRelease(images: images, verbatimListing: listing)
    }

    /// The image the `front` route picks: the first with the `front` flag.
    package var frontImage: CoverArtImage? { images.first { $0.front } }

    /// The image the `back` route picks: the first with the `back` flag.
    package var backImage: CoverArtImage? { images.first { $0.back } }
}
