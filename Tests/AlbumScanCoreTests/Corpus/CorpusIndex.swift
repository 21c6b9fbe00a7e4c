import Foundation

/// The shared corpora's `INDEX.json`: every file with the behaviour the project must show for it.
struct CorpusIndex {
    /// One `INDEX.json` entry, reduced to what the suite checks.
    struct Entry: Decodable, Sendable {
        /// Path relative to the corpora folder, e.g. `broken/jpegdec-empty.jpg`.
        var path: String
        /// What the file starts with: `jpeg`, `png`, `gif`, `empty`, ...
        var magic: String
        /// Stored dimensions as `WxH`, or `?`.
        var dims: String
        /// The expected behaviour in words, e.g. `decode OK; apply orientation 6 (swaps W/H)`.
        var expected: String

        /// The top-level folder: `broken`, `orientation`, `photos` or `valid-unusual`.
        var folder: String { String(path.split(separator: "/").first ?? "") }

        /// The verdict albumscan's JPEG-only input path must give.
        var verdict: CorpusVerdict { CorpusVerdict(expected: expected, magic: magic) }

        /// The orientation named by `apply orientation N`, if any.
        var orientation: Int? {
            guard let range = expected.range(of: "apply orientation ") else { return nil }
            return expected[range.upperBound...].first?.wholeNumberValue
        }

        /// The stored size from `dims`, when known.
        var size: (width: Int, height: Int)? {
            let parts = dims.split(separator: "x").compactMap { Int($0) }
            return parts.count == 2 ? (parts[0], parts[1]) : nil
        }
    }

    let root: URL
    let entries: [Entry]

    /// The index beside the package, or nil when `../shared/corpora` is absent.
    static let shared: CorpusIndex? = {
        guard let root = ImagingCorpora.root,
            let data = try? Data(contentsOf: root.appendingPathComponent("INDEX.json")),
            let entries = try? JSONDecoder().decode([Entry].self, from: data)
        else { return nil }
        return CorpusIndex(root: root, entries: entries)
    }()

    static var available: Bool { shared != nil }

    func data(_ entry: Entry) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent(entry.path))
    }
}
