import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole-file reads and crash-safe replacing writes with plain POSIX calls.
enum PosixIO {
    /// The current `errno` as text.
    static func lastError() -> String { String(cString: strerror(errno)) }

    /// The error for a failed create or open: storage trouble (a full or read-only disk) or a configuration problem.
    static func openFailure(_ what: String) -> AlbumScanError {
        let message = "\(what): \(lastError())"
        return [ENOSPC, EROFS, EIO, EDQUOT].contains(errno) ? .storage(message) : .configuration(message)
    }

    /// Whether this process may create and change files in `path` (false on a read-only mount).
    static func isWritable(_ path: String) -> Bool {
        access(path, W_OK) == 0
    }

    /// The file's bytes, or nil when it does not exist.
    static func readFile(_ path: String) throws -> Data? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw AlbumScanError.configuration("cannot read \(path): \(lastError())")
        }
        defer { close(fd) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                throw AlbumScanError.configuration("cannot read \(path): \(lastError())")
            }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    /// What follows a file's name in the name of its temporary copy.
    static let temporarySuffix = ".tmp-"

    /// Replaces `path` atomically: a 0600 temp file in the same directory, fsync, rename, and (`syncFolder`) fsync
    /// the directory so the rename itself survives a power cut.
    static func replace(_ path: String, with data: Data, syncFolder: Bool = true) throws {
        let directory = (path as NSString).deletingLastPathComponent
        let temp = "\(path)\(temporarySuffix)\(getpid())-\(UUID().uuidString)"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw failure("create", temp) }
        var written = false
        defer { if !written { unlink(temp) } }
        do {
            defer { close(fd) }
            guard fchmod(fd, 0o600) == 0 else { throw failure("set the mode of", temp) }
            try writeAll(fd, data, path: temp)
            guard fsync(fd) == 0 else { throw failure("sync", temp) }
        }
        guard rename(temp, path) == 0 else { throw failure("replace", path) }
        written = true
        if syncFolder { try syncDirectory(directory) }
    }

    private static func writeAll(_ fd: Int32, _ data: Data, path: String) throws {
        try data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let count = write(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw failure("write", path)
                }
                offset += count
            }
        }
    }

    private static func syncDirectory(_ directory: String) throws {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw failure("open the directory", directory) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw failure("sync the directory", directory) }
    }

    // Writes fail for a full disk, a read-only folder or an I/O error: the state cannot be kept (exit 74).
    private static func failure(_ action: String, _ path: String) -> AlbumScanError {
        .storage("cannot \(action) \(path): \(lastError())")
    }
}
