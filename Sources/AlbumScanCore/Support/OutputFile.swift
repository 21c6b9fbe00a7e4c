import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way albumscan writes a file the user named (`--html FILE`, recordings): a regular file or a new
/// one, replaced atomically (a temporary file in the same folder, fsync, rename) with its permissions kept.
///
/// A symlink is followed, so its target is written and the link stays. Devices, FIFOs and sockets are refused:
/// they cannot be replaced atomically, a FIFO with no reader would hang the command, and writing a page into
/// a device is never what was meant. A file the user may not write is refused too, even where the folder would let
/// it be renamed over.
package enum OutputFile {
    /// What is at the target path before writing.
    package enum Existing: Equatable, Sendable {
        case nothing
        case regular(writable: Bool)
        case directory
        /// A device, FIFO or socket, named for the message.
        case special(String)
    }

    /// What to do about it.
    package enum Plan: Equatable, Sendable {
        case create
        case replace
        case refuse(String)
    }

    /// Temporary files carry this in their name, so a leftover one is recognisable: `.NAME.albumscan-tmp-PID`.
    package static let temporaryMarker = ".albumscan-tmp-"

    /// The decision for what is at the target.
    package static func plan(_ existing: Existing) -> Plan {
        switch existing {
        case .nothing: .create
        case .regular(writable: true): .replace
        case .regular(writable: false): .refuse("the file is read-only; make it writable or name another file")
        case .directory: .refuse("it is a folder; name a file")
        case .special(let kind):
            .refuse("it is \(kind), not a regular file; albumscan writes only regular files, so name one")
        }
    }

    /// Writes `data` to `path` as described above; failures are `.outputFile` errors naming the path.
    package static func write(_ data: Data, to path: String) throws {
        let target = try resolve(path)
        var info = stat()
        let existing: Existing
        if lstat(target, &info) == 0 {
            existing = classify(info, writable: access(target, W_OK) == 0)
        } else if errno == ENOENT {
            existing = .nothing
        } else {
            throw failure(path, DescriptorWrite.describe(errno))
        }
        switch plan(existing) {
        case .refuse(let reason): throw failure(path, reason)
        case .create: try replace(target, with: data, keeping: nil, named: path)
        case .replace: try replace(target, with: data, keeping: info, named: path)
        }
    }

    static func classify(_ info: stat, writable: Bool) -> Existing {
        switch info.st_mode & S_IFMT {
        // Root passes access(W_OK) for any file: a file with no write bit at all still counts as read-only.
        case S_IFREG: .regular(writable: writable && info.st_mode & 0o222 != 0)
        case S_IFDIR: .directory
        case S_IFIFO: .special("a FIFO")
        case S_IFSOCK: .special("a socket")
        case S_IFCHR, S_IFBLK: .special("a device")
        default: .special("not a regular file")
        }
    }

    /// The path with every symlink along the last component followed (a dangling link gives its target).
    static func resolve(_ path: String) throws -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count >= 0 else { throw failure(path, DescriptorWrite.describe(errno)) }
            let link = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : split(current).folder + "/" + link
        }
        throw failure(path, DescriptorWrite.describe(ELOOP))
    }

    /// The folder and the last component of `path`; "." for a bare name. (Foundation's path helpers trap on a bare
    /// one-character name.)
    package static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    private static func replace(_ target: String, with data: Data, keeping old: stat?, named path: String) throws {
        let (folder, name) = split(target)
        let temporary = folder + "/." + name + temporaryMarker + String(getpid())
        // A new file gets 0666 less the umask like any other; a replaced one gets its old mode below.
        var descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, old == nil ? 0o666 : 0o600)
        if descriptor < 0, errno == EEXIST {
            unlink(temporary)  // left by an earlier process with this pid
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, old == nil ? 0o666 : 0o600)
        }
        guard descriptor >= 0 else {
            throw failure(path, "cannot create a file in \(folder): \(DescriptorWrite.describe(errno))")
        }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        do {
            defer { close(descriptor) }
            if let old {
                _ = fchown(descriptor, old.st_uid, old.st_gid)  // only root can; others keep their own files anyway
                guard fchmod(descriptor, old.st_mode & 0o7777) == 0 else { throw failure(path, DescriptorWrite.describe(errno)) }
            }
            if let error = DescriptorWrite.all(data, to: descriptor) { throw failure(path, DescriptorWrite.describe(error)) }
            guard fsync(descriptor) == 0 else { throw failure(path, DescriptorWrite.describe(errno)) }
        }
        guard rename(temporary, target) == 0 else { throw failure(path, DescriptorWrite.describe(errno)) }
        renamed = true
    }

    private static func failure(_ path: String, _ reason: String) -> AlbumScanError {
        .outputFile("cannot write \(SafeText.clean(path)): \(reason)")
    }
}
