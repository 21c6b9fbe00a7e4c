import Foundation

/// Locates the shared JPEG corpora beside the package (`../shared/corpora`); absent in a fresh clone.
enum ImagingCorpora {
    static let root: URL? = {
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while dir.path != "/" {
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) {
                let corpora = dir.deletingLastPathComponent().appendingPathComponent("shared/corpora")
                return FileManager.default.fileExists(atPath: corpora.path) ? corpora : nil
            }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }()

    static var available: Bool { root != nil }

    /// The bytes of `name` inside `folder`, e.g. `("orientation", "Landscape_1.jpg")`.
    static func data(_ folder: String, _ name: String) throws -> Data {
        guard let root else { throw CocoaError(.fileNoSuchFile) }
        return try Data(contentsOf: root.appendingPathComponent(folder).appendingPathComponent(name))
    }

    /// File names in `folder`, sorted; empty when the corpora are absent.
    static func files(_ folder: String) -> [String] {
        guard let root else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }
}
