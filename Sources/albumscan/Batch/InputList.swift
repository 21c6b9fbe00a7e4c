import AlbumScanCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Expands folders into their image files (JPEG, PNG, HEIC/HEIF by extension), sorted; keeps files in the order given. Paths stay bytes throughout.
enum InputList {
    static func expand(_ inputs: [[UInt8]]) throws -> [InputPath] {
        var files: [InputPath] = []
        for input in inputs.map(InputPath.init(bytes:)) {
            guard let names = entries(of: input) else {
                files.append(input)
                continue
            }
            let images = names.filter { isImageName(String(decoding: $0, as: UTF8.self)) }.sorted {
                $0.lexicographicallyPrecedes($1)
            }
            guard !images.isEmpty else {
                throw AlbumScanError.unreadableInput(
                    "\(input.name): folder holds no .jpg, .jpeg, .png, .heic or .heif files")
            }
            files += images.map(input.appending)
        }
        return files
    }

    /// Whether a folder entry is picked up; the file's content, not this name, decides how it is decoded.
    static func isImageName(_ name: String) -> Bool {
        imageExtensions.contains((name as NSString).pathExtension.lowercased())
    }

    static let imageExtensions: Set = ["jpg", "jpeg", "png", "heic", "heif"]

    /// The raw names in `folder`, or nil when it is not a folder that can be listed (then it is scanned as a file).
    static func entries(of folder: InputPath) -> [[UInt8]]? {
        guard let directory = folder.withCString({ opendir($0) }) else { return nil }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            names.append(name)
        }
        return names
    }
}
