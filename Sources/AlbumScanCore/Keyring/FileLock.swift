import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive advisory `flock` on a lock file, held for the duration of a closure.
enum FileLock {
    // flock locks belong to the open file description, so each call opens its own
    // descriptor: threads of one process exclude each other as processes do.
    /// Blocks until the lock at `path` is held, runs `body` with the lock file's descriptor, then unlocks.
    static func withExclusiveLock<T>(at path: String, _ body: (Int32) throws -> T) throws -> T {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw PosixIO.openFailure("cannot open the lock file \(path)") }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw AlbumScanError.configuration("cannot lock \(path): \(PosixIO.lastError())")
            }
        }
        defer { flock(fd, LOCK_UN) }
        return try body(fd)
    }
}
