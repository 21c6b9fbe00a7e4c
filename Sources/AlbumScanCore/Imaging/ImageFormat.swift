/// The image formats albumscan decodes, told apart by their first bytes (never by the file name).
package enum ImageFormat: String, Sendable, Equatable, CaseIterable {
    case jpeg
    case png
    /// HEIF with HEVC images, what iPhones save as `.heic`.
    case heif
}
