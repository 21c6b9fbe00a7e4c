import Foundation

/// A Cover Art Archive listing (`index.json`), tolerant of legacy shapes.
struct CoverArtListing {
    struct Image {
        var front: Bool
        var types: [String]
        var image: String?
        var thumbnails: [String: String]
    }

    var images: [Image]

    static func decode(_ body: Data) -> CoverArtListing? {
        // try?: a body that is not a listing is nil: no front image from it, and the group's is tried
        guard let json = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
            let images = json["images"] as? [[String: Any]]
        else { return nil }
        return CoverArtListing(
            images: images.map { entry in
                let thumbnails = (entry["thumbnails"] as? [String: Any] ?? [:]).compactMapValues { $0 as? String }
                return Image(
                    front: entry["front"] as? Bool ?? false, types: LenientJSON.strings(entry["types"]),
                    image: entry["image"] as? String, thumbnails: thumbnails)
            })
    }

    /// The first image flagged front, else the first typed "Front".
    var front: Image? {
        images.first { $0.front } ?? images.first { $0.types.contains { $0.lowercased() == "front" } }
    }

    /// Download order for an image: the 500 px thumbnail, then `large`, then the original.
    static func downloadURLs(_ image: Image) -> [String] {
        [image.thumbnails["500"], image.thumbnails["large"], image.image].compactMap { $0 }
    }
}
