import Foundation

/// Finds and downloads a release's front cover from the Cover Art Archive.
struct CoverArtClient {
    let environment: AppEnvironment

    /// The front image's URL (redacted: it is shown and stored) and verified 500 px JPEG, or nil when the archive has none.
    func frontCover(release mbid: String, releaseGroup: String?) async throws -> (url: String, jpeg: Data)? {
        let root = environment.settings.coverArtURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        let listing = try await get("\(root)/release/\(mbid)", json: true)
        if listing.status == 200, let front = CoverArtListing.decode(listing.body)?.front {
            for candidate in CoverArtListing.downloadURLs(front) {
                do {
                    return (URLRedaction.redact(candidate), try await download(candidate))
                } catch HTTPTransportError.timedOut {
                    return nil  // the archive is stalling: the other sizes would stall the same way
                } catch let error as HTTPStatusError where !error.isNotFound && error.status >= 500 {
                    throw error  // the archive is failing, not missing this size: the others would fail too
                } catch {
                    continue  // a missing or undecodable size: try the next one
                }
            }
        }
        guard let group = releaseGroup else { return nil }
        return try await groupFrontCover(releaseGroup: group)
    }

    /// The release group's front image (the archive picks one of its releases' fronts), or nil when it has none.
    func groupFrontCover(releaseGroup group: String) async throws -> (url: String, jpeg: Data)? {
        let root = environment.settings.coverArtURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        let fallback = "\(root)/release-group/\(group)/front-500"
        do {
            return (URLRedaction.redact(fallback), try await download(fallback))
        } catch let error as HTTPStatusError where error.status >= 500 {
            throw error  // a failing archive is reported as such, not as "no front cover"
        } catch {
            return nil  // 404: the archive has no art for this release group
        }
    }

    /// Downloads an image URL (http upgraded to https off loopback) and checks it decodes, resized to 500 px.
    func download(_ address: String) async throws -> Data {
        let response = try await get(address, json: false)
        guard response.status == 200 else { throw HTTPStatusError(status: response.status, service: "cover art") }
        let (body, limits) = (response.body, environment.settings.imageLimits)
        return try await environment.offload { try ImagePrep.thumbnail(body, maxSide: 500, limits: limits) }
    }

    func get(_ address: String, json: Bool) async throws -> HTTPResponse {
        guard let url = URL(string: address).map(Redirects.secured) else {
            throw HTTPTransportError.failed("bad cover art URL")
        }
        let request = HTTPRequest(
            url: url,
            headers: ["User-Agent": environment.settings.userAgent, "Accept": json ? "application/json" : "image/*"],
            timeout: environment.settings.metadataTimeout,
            maxResponseBytes: json ? 2 << 20 : environment.settings.maxArtworkBytes)
        return try await RetryingSender(environment: environment, policy: .metadata, service: "coverart")
            .send(request, followRedirects: true)
    }
}
