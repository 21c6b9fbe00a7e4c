import Foundation

/// Finds the recorded API payloads (`api-samples/`) so fakes can serve them verbatim.
package enum SampleFiles {
    /// The samples folder: `$ALBUMSCAN_API_SAMPLES` when set, else `../shared/reference/api-samples` beside the package.
    package static var directory: URL? {
        var candidates: [URL] = []
        // An explicit setting is the only candidate, so pointing it nowhere runs the suite as a plain clone would.
        if let override = ProcessInfo.processInfo.environment["ALBUMSCAN_API_SAMPLES"] {
            let url = URL(fileURLWithPath: override)
            return FileManager.default.fileExists(atPath: url.path) ? url : nil
        }
        // #filePath is Sources/AlbumScanTestSupport/Support/SampleFiles.swift; four levels up is the package.
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(package.deletingLastPathComponent().appendingPathComponent("shared/reference/api-samples"))
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Whether the samples folder is there; tests that serve samples are skipped without it.
    package static var available: Bool { directory != nil }

    /// The URL of sample `name` (such as `mb_release_search_mbsolr_fixture_servable.json`), if present.
    package static func url(_ name: String) -> URL? {
        guard let url = directory?.appendingPathComponent(name),
            FileManager.default.fileExists(atPath: url.path)
        else { return nil }
        return url
    }

    /// The bytes of sample `name`; throws a message naming the file when it is missing.
    package static func data(_ name: String) throws -> Data {
        guard let url = url(name) else { throw SampleFileMissing(name: name) }
        return try Data(contentsOf: url)
    }

    /// Sample `name` as a 200 JSON response, served byte for byte.
    package static func response(_ name: String, status: Int = 200) throws -> FakeResponse {
        FakeResponse(status: status, headers: ["Content-Type": "application/json"], body: try data(name))
    }
}

/// A sample payload that could not be found.
package struct SampleFileMissing: Error, CustomStringConvertible {
    /// The file name looked for.
    package var name: String

    package var description: String {
        "api sample \(name) not found; set ALBUMSCAN_API_SAMPLES to the api-samples folder"
    }
}
