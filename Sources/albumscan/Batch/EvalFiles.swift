import AlbumScanApp
import AlbumScanCore
import Foundation

/// The files `eval` reads before it scans: the labels CSV, the photos it names, an earlier report; and its home.
enum EvalFiles {
    /// The labels in the CSV at `file`: 66 when it cannot be read, 65 (naming the line) when malformed.
    static func readLabels(_ file: URL) throws -> [EvalLabel] {
        let data = try read(file, what: "labels file")
        return try LabelsCSV.parse(data, name: file.lastPathComponent)
    }

    /// Each label's photo, relative to the CSV's folder unless absolute; a missing one is exit 66 naming its line.
    static func photos(of labels: [EvalLabel], besides csv: URL) throws -> [InputPath] {
        let folder = csv.deletingLastPathComponent()
        return try labels.map { label in
            let url = label.file.hasPrefix("/") ? URL(fileURLWithPath: label.file) : folder.appendingPathComponent(label.file)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else {
                throw AlbumScanError.unreadableInput(
                    "\(csv.lastPathComponent) line \(label.line): \(label.file) is not a file (looked for \(url.path))")
            }
            return InputPath(url)
        }
    }

    /// An earlier `eval --json` report (66 when unreadable, 65 when it is not a report).
    static func readReport(_ path: String) throws -> EvalReport {
        let data = try read(URL(fileURLWithPath: path), what: "report")
        do {
            return try JSONDecoder().decode(EvalReport.self, from: data)
        } catch {
            throw AlbumScanError.malformedInput("\(path) is not an `eval --json` report: \(Self.describe(error))")
        }
    }

    /// A fresh private state folder for the run's database, keyrings and caches; the caller removes it.
    static func throwawayHome() throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("albumscan-eval-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(
                at: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw AlbumScanError.storage("cannot create a temporary state folder in \(home.deletingLastPathComponent().path)")
        }
        return home
    }

    static func read(_ file: URL, what: String) throws -> Data {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), !isFolder.boolValue,
            let data = FileManager.default.contents(atPath: file.path)
        else { throw AlbumScanError.unreadableInput("cannot read the \(what) \(file.path)") }
        return data
    }

    /// A decoding error in one line: the field path and what was wrong.
    static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?:
            return "no \((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            return "\(context.codingPath.map(\.stringValue).joined(separator: ".")) has the wrong type"
        case .dataCorrupted?: return "not JSON"
        default: return "\(error)"
        }
    }
}
