import Foundation

/// Where listing JSON links point and how archive files are named.
package struct CoverArtLinks: Sendable {
    /// Which host the listing's `image` and `thumbnails` URLs name.
    package enum Target: Sendable {
        /// The archive fake directly (`/download/mbid-…/…_thumb500.jpg`).
        case archive
        /// The CAA fake (`/release/{mbid}/{id}-500.jpg`), which redirects, as real listings do.
        case coverArtArchive
    }

    /// The CAA fake's base URL.
    package var coverArtBase: String
    /// The archive fake's base URL.
    package var archiveBase: String
    /// Which host listing links name.
    package var target: Target

    /// The listing URL the `/release/{mbid}` redirect points at.
    package func index(_ mbid: String) -> String { "\(archiveBase)/download/mbid-\(mbid)/index.json" }

    /// The archive file URL of image `id` at thumbnail `size` (the original when nil).
    package func archiveFile(_ mbid: String, _ image: CoverArtImage, size: Int?) -> String {
        let name = size.map { "mbid-\(mbid)-\(image.id)_thumb\($0).jpg" } ?? "mbid-\(mbid)-\(image.id).\(image.fileExtension)"
        return "\(archiveBase)/download/mbid-\(mbid)/\(name)"
    }

    /// The URL a listing names for image `id` at `size`.
    func listed(_ mbid: String, _ image: CoverArtImage, size: Int?) -> String {
        switch target {
        case .archive:
            return archiveFile(mbid, image, size: size)
        case .coverArtArchive:
            let suffix = size.map { "\(image.id)-\($0).jpg" } ?? "\(image.id).\(image.fileExtension)"
            return "\(coverArtBase)/release/\(mbid)/\(suffix)"
        }
    }
}

/// Renders `index.json` listings in the real shape of `caa_release_25fbfbb4_multi_image.json`.
enum CoverArtListing {
    /// The listing of `release` for `mbid`.
    static func jsonObject(_ mbid: String, _ release: CoverArtRelease, links: CoverArtLinks) -> [String: Any] {
        let images = release.images.map { image -> [String: Any] in
            var thumbnails: [String: Any] = [
                "small": links.listed(mbid, image, size: 250), "large": links.listed(mbid, image, size: 500),
            ]
            if !release.legacyShape {
                for size in [250, 500, 1200] { thumbnails[String(size)] = links.listed(mbid, image, size: size) }
            }
            return [
                "approved": image.approved, "back": image.back, "front": image.front, "comment": image.comment,
                "edit": image.edit, "id": release.legacyShape ? String(image.id) as Any : image.id as Any,
                "image": links.listed(mbid, image, size: nil), "thumbnails": thumbnails, "types": image.types,
            ]
        }
        return ["images": images, "release": "https://musicbrainz.org/release/\(mbid)"]
    }
}
