import AlbumScanApp
import AlbumScanCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The photos a command line names: files in the order given, folders expanded into their image files (JPEG, PNG,
/// HEIC/HEIF by extension) in name order, and with `recursive` their subfolders too. Paths stay bytes throughout.
struct InputList: Equatable {
    var photos: [InputPath] = []
    /// Files in the folders that are not photos, reported once by count.
    var others: [InputPath] = []
    /// Subfolders left alone without `--recursive`.
    var subfolders: [InputPath] = []

    static func expand(_ inputs: [[UInt8]], recursive: Bool = false) throws -> InputList {
        var list = InputList()
        for input in inputs.map({ InputPath(bytes: $0) }) {
            guard entries(of: input) != nil else {
                list.photos.append(input)
                continue
            }
            let found = list.photos.count
            list.collect(folder: input, recursive: recursive)
            guard list.photos.count > found else {
                throw AlbumScanError.unreadableInput(
                    "\(input.name): folder holds no .jpg, .jpeg, .png, .heic or .heif files"
                        + (recursive || list.subfolders.isEmpty ? "" : " (its subfolders are scanned with --recursive)"))
            }
        }
        return list
    }

    private mutating func collect(folder: InputPath, recursive: Bool) {
        let names = (Self.entries(of: folder) ?? []).sorted { $0.lexicographicallyPrecedes($1) }
        for name in names where !Self.isMacMetadata(name) {
            let path = folder.appending(name)
            if Self.isFolder(path) {
                if recursive { collect(folder: path, recursive: true) } else { subfolders.append(path) }
            } else if Self.isImageName(String(decoding: name, as: UTF8.self)) {
                photos.append(path)
            } else {
                others.append(path)
            }
        }
    }

    /// Whether a folder entry is picked up; the file's content, not this name, decides how it is decoded.
    static func isImageName(_ name: String) -> Bool {
        imageExtensions.contains((name as NSString).pathExtension.lowercased())
    }

    static let imageExtensions: Set = ["jpg", "jpeg", "png", "heic", "heif"]

    /// Files macOS leaves beside photos on a drive without its metadata (exFAT, FAT, a network share): AppleDouble
    /// `._NAME` files, which hold a photo's Finder data and not the photo, and `.DS_Store`. Skipped silently, since
    /// no one put them there.
    static func isMacMetadata(_ name: [UInt8]) -> Bool {
        name.starts(with: Array("._".utf8)) || name == Array(".DS_Store".utf8)
    }

    /// A folder, not followed through a symbolic link (a link to a parent folder would never end).
    static func isFolder(_ path: InputPath) -> Bool {
        var info = stat()
        return path.withCString { lstat($0, &info) } == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

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

    /// The one line about what the folders held besides photos; nil when they held nothing else.
    func leftOutNote(verbose: Bool) -> String? {
        var parts: [String] = []
        if !others.isEmpty {
            let count = others.count == 1 ? "1 file that is not a photo" : "\(others.count) files that are not photos"
            parts.append(verbose ? "\(count) (\(others.map(\.name).joined(separator: ", ")))" : count)
        }
        if !subfolders.isEmpty {
            let count = subfolders.count == 1 ? "1 subfolder" : "\(subfolders.count) subfolders"
            parts.append("\(count) (--recursive scans them)")
        }
        guard !parts.isEmpty else { return nil }
        return "skipped " + parts.joined(separator: " and ") + (verbose || others.isEmpty ? "" : "; --verbose names them")
    }
}
