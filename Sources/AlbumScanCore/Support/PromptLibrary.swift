import AlbumScanPrompts
import Foundation

/// The prompt texts, embedded in the binary or read from `ALBUMSCAN_PROMPTS_DIR`.
package struct PromptLibrary: Sendable {
    package enum Name: String, Sendable, CaseIterable {
        case identify, search, review
        case reviewUltra = "review-ultra"
    }

    private let overrideDirectory: URL?

    package init(overrideDirectory: URL? = nil) {
        self.overrideDirectory = overrideDirectory
    }

    /// The prompt's text; an override file wins over the embedded copy.
    package func text(_ name: Name) throws -> String {
        if let directory = overrideDirectory {
            let file = directory.appendingPathComponent("\(name.rawValue).txt")
            do {
                return try String(contentsOf: file, encoding: .utf8)
            } catch {
                throw AlbumScanError.configuration(
                    "cannot read prompt \(file.path) from ALBUMSCAN_PROMPTS_DIR: \(error.localizedDescription)")
            }
        }
        return EmbeddedPrompts.text(named: name.rawValue) ?? ""
    }

    /// A short SHA-256 of the prompt, stored with every scan and review it produced.
    package func hash(_ name: Name) throws -> String {
        Self.shortHash(try text(name))
    }

    static func shortHash(_ text: String) -> String {
        Digest.hex(Digest.sha256(Data(text.utf8)).prefix(8))
    }
}
