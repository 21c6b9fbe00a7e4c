import Foundation

/// Reads a user's input file with the checks that give exit 66 and 65 their messages.
enum InputFile {
    /// Inputs larger than this are refused before reading (no phone photo comes near it).
    static let maxBytes = 200 << 20

    static func read(_ file: URL) throws -> Data {
        let path = file.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw AlbumScanError.unreadableInput("no such file")
        }
        guard !isDirectory.boolValue else { throw AlbumScanError.unreadableInput("is a directory, not a JPEG file") }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw AlbumScanError.unreadableInput("cannot be read (permission denied?)")
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: maxBytes + 1)) ?? nil
        guard let data, !data.isEmpty else { throw AlbumScanError.invalidImage("the file is empty") }
        guard data.count <= maxBytes else { throw AlbumScanError.invalidImage("larger than \(maxBytes >> 20) MB") }
        return data
    }
}
