import Foundation

/// The routes of the two Cover Art fakes, as pure functions of the configured releases.
struct CoverArtRouter {
    var releases: [String: CoverArtRelease]
    var groups: [String: String]
    var links: CoverArtLinks

    /// Answers a request to the coverartarchive.org fake; nil when no route matches.
    func coverArt(_ request: FakeRequest) -> FakeResponse? {
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        guard parts.count >= 2, parts[0] == "release" || parts[0] == "release-group" else { return nil }
        let mbid = parts[1]
        guard FakeIDs.isUUID(mbid) else { return CoverArtPages.invalidMBID }
        let rest = parts.count > 2 ? parts[2...].joined(separator: "/") : ""
        if parts[0] == "release-group" { return releaseGroup(mbid.lowercased(), rest) }
        guard let release = releases[mbid.lowercased()] else {
            return CoverArtPages.error(404, "No cover art found for release \(mbid)")
        }
        return self.release(mbid.lowercased(), release, rest)
    }

    private func release(_ mbid: String, _ release: CoverArtRelease, _ rest: String) -> FakeResponse {
        if rest.isEmpty { return CoverArtPages.redirect(links.index(mbid)) }
        let selector: CoverArtImageSelector
        switch CoverArtImageSelector.parse(rest) {
        case .success(let parsed): selector = parsed
        case .failure(let error): return CoverArtPages.error(400, error.message)
        }
        switch selector.which {
        case .front:
            guard let image = release.frontImage else {
                return CoverArtPages.error(404, "No front cover image found for release with identifier \(mbid)")
            }
            return CoverArtPages.redirect(links.archiveFile(mbid, image, size: selector.size))
        case .back:
            guard let image = release.backImage else {
                return CoverArtPages.error(404, "No back cover image found for release with identifier \(mbid)")
            }
            return CoverArtPages.redirect(links.archiveFile(mbid, image, size: selector.size))
        case .id(let id):
            guard let image = release.images.first(where: { $0.id == id }) else {
                return CoverArtPages.error(404, "cover image with id \(id) not found")
            }
            return CoverArtPages.redirect(links.archiveFile(mbid, image, size: selector.size))
        }
    }

    private func releaseGroup(_ groupID: String, _ rest: String) -> FakeResponse {
        guard let mbid = groups[groupID], let release = releases[mbid] else {
            return CoverArtPages.error(404, "No cover art found for release group \(groupID)")
        }
        if rest.isEmpty { return CoverArtPages.redirect(links.index(mbid)) }
        let name = rest.split(separator: "-").first.map(String.init) ?? rest
        guard case .success(let selector) = CoverArtImageSelector.parse(rest), selector.which == .front else {
            return CoverArtPages.error(400, "\(name) not supported for release groups.")
        }
        return self.release(mbid, release, rest)
    }

    /// Answers a request to the archive.org fake; nil when no file matches.
    func archive(_ request: FakeRequest) -> FakeResponse? {
        let parts = request.path.split(separator: "/").map(String.init)
        guard parts.count == 3, parts[0] == "download", parts[1].hasPrefix("mbid-") else { return nil }
        let mbid = String(parts[1].dropFirst(5))
        guard let release = releases[mbid] else { return nil }
        if parts[2] == "index.json" {
            if let verbatim = release.verbatimListing {
                return FakeResponse(headers: ["Content-Type": "application/json"], body: verbatim)
            }
            return .json(CoverArtListing.jsonObject(mbid, release, links: links))
        }
        for image in release.images {
            for size in [nil, 250, 500, 1200] as [Int?]
            where links.archiveFile(mbid, image, size: size).hasSuffix("/" + parts[2]) {
                let type = size == nil ? image.originalContentType : "image/jpeg"
                return FakeResponse(headers: ["Content-Type": type], body: image.bytes(size: size))
            }
        }
        return nil
    }
}
