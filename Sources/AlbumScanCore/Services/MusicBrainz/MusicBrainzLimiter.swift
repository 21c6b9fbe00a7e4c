import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps MusicBrainz requests at least `spacing` seconds apart as the server sees them, across every
/// albumscan process on the machine and every scan within one.
///
/// The shared state is the time of the last reserved slot, kept inside `musicbrainz.lock` in
/// `ALBUMSCAN_HOME`. A caller takes the lock, reserves the next free slot, writes it and lets go at once;
/// then it sleeps (asynchronously, on the environment's clock) until its slot and sends. Stamping the slot
/// rather than the moment a caller was let through keeps the spacing even when a send is delayed.
struct MusicBrainzLimiter {
    /// A little over MusicBrainz's one request a second, for the jitter between waking and sending.
    static let spacing = 1.05

    let environment: AppEnvironment

    /// The slot for a request asked for at `now`, given the last reserved slot (none in a fresh home).
    static func slot(now: Double, last: Double?, spacing: Double = spacing) -> Double {
        guard let last, last.isFinite else { return now }
        // A last slot far in the future can only come from a clock that jumped back: don't wait for it.
        if last - now > 10 * spacing { return now }
        return max(now, last + spacing)
    }

    /// Waits until this caller's reserved slot; send right after it returns.
    func waitTurn() async throws {
        let path = environment.home.appendingPathComponent("musicbrainz.lock").path
        let now = environment.now
        let slot: Double
        do {
            slot = try await environment.offload {
                try FileLock.withExclusiveLock(at: path) { fd in
                    let slot = Self.slot(now: now().timeIntervalSince1970, last: try Self.readSlot(fd, path: path))
                    try Self.writeSlot(slot, fd: fd, path: path)
                    return slot
                }
            }
        } catch let error as AlbumScanError {
            // A broken lock file is the user's to fix and would cost every scan its artwork: say so even
            // without --verbose, instead of leaving only "artwork unavailable".
            let reported = AlbumScanError.configuration(Self.lockProblem(error.message))
            ScanDiagnostics.report(.artwork, .musicBrainzLockUnusable, reported.message)
            throw reported
        }
        let wait = slot - environment.now().timeIntervalSince1970
        if wait > 0 { try await environment.sleep(wait) }
    }

    /// The reason given when the lock file cannot be used, with the fix.
    static func lockProblem(_ message: String) -> String {
        "\(message); remove it or make it a writable file"
    }

    static func readSlot(_ fd: Int32, path: String) throws -> Double? {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count >= 0 else { throw AlbumScanError.configuration("cannot read \(path): \(PosixIO.lastError())") }
        let text = String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return Double(text)
    }

    static func writeSlot(_ slot: Double, fd: Int32, path: String) throws {
        let bytes = Array(String(format: "%.6f\n", slot).utf8)
        let written = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        guard written == bytes.count, ftruncate(fd, off_t(bytes.count)) == 0 else {
            throw PosixIO.openFailure("cannot write \(path)")
        }
    }
}
