import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps a service's requests to one per `spacing` seconds as the server sees them, across every albumscan process
/// on the machine and every scan within one: MusicBrainz (`musicbrainz.lock`) and Discogs (`discogs.lock`). With a
/// `burst` over 1, that many may go at once after a pause, and the average stays one per `spacing`.
///
/// The shared state is the last reserved slot on the evenly spaced schedule (a generic cell rate algorithm's
/// theoretical arrival time, less one spacing), kept inside the lock file in `ALBUMSCAN_HOME`. A caller takes the
/// lock, reserves the next slot, writes it and lets go at once; then it sleeps (asynchronously, on the environment's
/// clock) until its send time and sends. Stamping the schedule rather than the moment a caller was let through keeps
/// the spacing even when a send is delayed. With a burst of 1 the file also keeps when the last caller really went:
/// one that woke late (a loaded machine) would otherwise be followed by an on-time caller less than a second after.
struct SlotLimiter {
    let environment: AppEnvironment
    /// The lock file's name in the state folder.
    let lockName: String
    /// Seconds between two slots.
    let spacing: Double
    /// Requests that may be sent together after a pause; 1 keeps every two `spacing` apart.
    var burst = 1
    /// What a lock file that cannot be used is reported as.
    var lockDiagnostic: (stage: ScanDiagnostic.Stage, code: ScanDiagnostic.Code)? = nil

    /// MusicBrainz: 1.05 s on musicbrainz.org (a little over its one request a second, for the jitter between waking
    /// and sending), `1 / ALBUMSCAN_MUSICBRAINZ_RATE` on a mirror.
    static func musicBrainz(_ environment: AppEnvironment) -> SlotLimiter {
        SlotLimiter(
            environment: environment, lockName: "musicbrainz.lock", spacing: environment.settings.musicBrainzSpacing,
            burst: environment.settings.musicBrainzBurst, lockDiagnostic: (.artwork, .musicBrainzLockUnusable))
    }

    /// Discogs: 60 requests in any moving minute, as slots a little over 1 s apart (60 slots span 60.2 s).
    static func discogs(_ environment: AppEnvironment) -> SlotLimiter {
        SlotLimiter(environment: environment, lockName: "discogs.lock", spacing: DiscogsClient.spacing)
    }

    var path: String { environment.home.appendingPathComponent(lockName).path }

    /// A request asked for at `now`, given the last reserved slot (none in a fresh home): when it may be sent, and
    /// the slot to store. A request waits for its slot less the burst's allowance, and takes the next slot on the
    /// even schedule, or now if the schedule has fallen behind.
    static func slot(now: Double, last: Double?, spacing: Double, burst: Int = 1) -> (send: Double, stored: Double) {
        guard let last, last.isFinite else { return (now, now) }
        // A last slot far in the future can only come from a clock that jumped back: don't wait for it. (A server's
        // own "wait a minute" is pushed by `hold(until:)`, at most 10 spacings or 90 s ahead.)
        if last - now > max(10 * spacing, 90) + Double(burst - 1) * spacing { return (now, now) }
        let send = max(now, last + spacing - Double(burst - 1) * spacing)
        return (send, max(last + spacing, send))
    }

    /// The least time between two real sends with a burst of 1: the servers' rule, one a second (less on a mirror).
    var minimumGap: Double { min(spacing, 1) }

    /// A caller that woke at `now` for its slot, given when the last caller went: the time it may go.
    static func sendTime(now: Double, lastSent: Double?, minimumGap: Double) -> Double {
        max(now, (lastSent ?? -.infinity) + minimumGap)
    }

    /// Waits until this caller's send time; send right after it returns.
    func waitTurn() async throws {
        let (now, spacing, burst) = (environment.now, spacing, burst)
        let planned = try await locked { stamps in
            let slot = Self.slot(now: now().timeIntervalSince1970, last: stamps.slot, spacing: spacing, burst: burst)
            return (slot.send, Stamps(slot: slot.stored, sent: stamps.sent))
        }
        let wait = planned - environment.now().timeIntervalSince1970
        if wait > 0 { try await environment.sleep(wait) }
        guard burst == 1 else { return }
        let minimumGap = minimumGap
        let send = try await locked { stamps in
            let current = now().timeIntervalSince1970
            // A virtual clock (a test's) that has not reached the slot: the schedule alone decides, and nothing
            // really went.
            guard current >= planned else { return (planned, stamps) }
            let send = Self.sendTime(now: current, lastSent: stamps.sent, minimumGap: minimumGap)
            return (send, Stamps(slot: stamps.slot, sent: max(send, stamps.sent ?? send)))
        }
        let late = send - max(environment.now().timeIntervalSince1970, planned)
        if late > 0 { try await environment.sleep(late) }
    }

    /// Makes every later send, in every process, come no earlier than `time` (the server said its window is full).
    func hold(until time: Double) async throws {
        let (spacing, burst) = (spacing, burst)
        _ = try await locked { stamps in
            let stored = max(stamps.slot ?? 0, time - spacing + Double(burst - 1) * spacing)
            return (stored, Stamps(slot: stored, sent: stamps.sent))
        }
    }

    /// What the lock file keeps: the last reserved slot and when the last caller went (both in seconds since 1970).
    struct Stamps: Sendable, Equatable {
        var slot: Double?
        var sent: Double?
    }

    /// Reads the stamps under the lock, writes the ones `next` makes of them, and returns its time.
    private func locked(_ next: @escaping @Sendable (Stamps) -> (time: Double, stored: Stamps)) async throws -> Double {
        let path = self.path
        do {
            return try await environment.offload {
                try FileLock.withExclusiveLock(at: path) { fd in
                    let step = next(try Self.readStamps(fd, path: path))
                    try Self.writeStamps(step.stored, fd: fd, path: path)
                    return step.time
                }
            }
        } catch let error as AlbumScanError {
            // A broken lock file is the user's to fix and would cost every scan its artwork: say so even
            // without --verbose, instead of leaving only "artwork unavailable".
            let reported = AlbumScanError.configuration(Self.lockProblem(error.message))
            if let (stage, code) = lockDiagnostic { ScanDiagnostics.report(stage, code, reported.message) }
            throw reported
        }
    }

    /// The reason given when the lock file cannot be used, with the fix.
    static func lockProblem(_ message: String) -> String {
        "\(message); remove it or make it a writable file"
    }

    /// The file's text, "SLOT SENT": a file with the slot alone (written before the sent time was kept) reads too.
    static func stamps(_ text: String) -> Stamps {
        let fields = text.split(whereSeparator: \.isWhitespace).map { Double($0) }
        return Stamps(slot: fields.first ?? nil, sent: fields.count > 1 ? fields[1] : nil)
    }

    static func readStamps(_ fd: Int32, path: String) throws -> Stamps {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count >= 0 else { throw AlbumScanError.configuration("cannot read \(path): \(PosixIO.lastError())") }
        return stamps(String(decoding: buffer[0..<count], as: UTF8.self))
    }

    static func writeStamps(_ stamps: Stamps, fd: Int32, path: String) throws {
        let fields = [stamps.slot, stamps.slot == nil ? nil : stamps.sent].compactMap { $0 }
        let text = fields.map { String(format: "%.6f", $0) }.joined(separator: " ")
        let bytes = Array((text + "\n").utf8)
        let written = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        guard written == bytes.count, ftruncate(fd, off_t(bytes.count)) == 0 else {
            throw PosixIO.openFailure("cannot write \(path)")
        }
    }
}
