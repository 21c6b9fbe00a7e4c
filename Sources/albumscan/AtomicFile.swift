import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a file all at once: a temporary file beside it, flushed, then renamed over the target.
enum AtomicFile {
    /// Why a file could not be written, for the one-line error.
    struct WriteError: Error {
        var message: String
    }

    static func write(_ data: Data, to path: String) throws {
        let target = URL(fileURLWithPath: path)
        let folder = target.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).\(getpid()).\(UUID().uuidString).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil, attributes: [.posixPermissions: 0o644])
        else { throw WriteError(message: "cannot write \(path): cannot create a file in \(folder.path)") }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
            try handle.synchronize()
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw WriteError(message: "cannot write \(path): \(error.localizedDescription)")
        }
        guard rename(temporary.path, target.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw WriteError(message: "cannot write \(path): \(reason)")
        }
    }
}
