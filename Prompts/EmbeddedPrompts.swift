import Foundation

/// The prompt texts compiled into the binary from this folder.
public enum EmbeddedPrompts {
    /// The text of one prompt file, by name without extension ("identify", "search", "review", "review-ultra").
    public static func text(named name: String) -> String? {
        switch name {
        case "identify": String(decoding: PackageResources.identify_txt, as: UTF8.self)
        case "search": String(decoding: PackageResources.search_txt, as: UTF8.self)
        case "review": String(decoding: PackageResources.review_txt, as: UTF8.self)
        case "review-ultra": String(decoding: PackageResources.review_ultra_txt, as: UTF8.self)
        default: nil
        }
    }
}
