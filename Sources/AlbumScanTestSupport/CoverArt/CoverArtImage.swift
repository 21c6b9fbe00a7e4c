import Foundation

/// One image of a release on the fake Cover Art Archive, with the bytes it serves.
public struct CoverArtImage: Sendable {
    /// The image id (numeric, as on the real archive).
    public var id: Int
    /// The original's bytes, also served for any thumbnail size without its own bytes.
    public var data: Data
    /// Bytes per thumbnail size (250, 500, 1200).
    public var thumbnails: [Int: Data]
    /// The `front` flag.
    public var front: Bool
    /// The `back` flag.
    public var back: Bool
    /// The `types` list, such as `["Front"]`.
    public var types: [String]
    /// The `approved` flag.
    public var approved: Bool
    /// The `comment` text.
    public var comment: String
    /// The `edit` number.
    public var edit: Int
    /// The original's extension (`jpg`, `png`, `gif`, `pdf`); thumbnails are always jpg.
    public var fileExtension: String

    /// Creates an image; `types` defaults to `Front` or `Back` from the flags.
    public init(
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
    public func bytes(size: Int?) -> Data {
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
public struct CoverArtRelease: Sendable {
    /// Its images in listing order.
    public var images: [CoverArtImage]
    /// Render the legacy listing shape: string `id`, thumbnails only `small`/`large`.
    public var legacyShape: Bool
    /// A listing served byte for byte instead of one rendered from `images`.
    public var verbatimListing: Data?

    /// Creates an entry.
    public init(images: [CoverArtImage], legacyShape: Bool = false, verbatimListing: Data? = nil) {
        self.images = images
        self.legacyShape = legacyShape
        self.verbatimListing = verbatimListing
    }

    /// One front image with these bytes.
    public static func front(_ data: Data, id: Int = 100_000_001) -> CoverArtRelease {
        CoverArtRelease(images: [CoverArtImage(id: id, data: data)])
    }

    /// A listing served verbatim (such as a sample file); `images` still back the image routes.
    public static func verbatim(_ listing: Data, images: [CoverArtImage] = []) -> CoverArtRelease {
        CoverArtRelease(images: images, verbatimListing: listing)
    }

    /// The image the `front` route picks: the first with the `front` flag.
    public var frontImage: CoverArtImage? { images.first { $0.front } }

    /// The image the `back` route picks: the first with the `back` flag.
    public var backImage: CoverArtImage? { images.first { $0.back } }
}
