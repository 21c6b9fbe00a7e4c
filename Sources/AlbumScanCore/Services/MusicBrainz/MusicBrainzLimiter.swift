import Foundation

/// Keeps MusicBrainz requests at least `spacing` seconds apart across every albumscan process on the machine.
///
/// The shared state is a lock file plus a timestamp file in `ALBUMSCAN_HOME`. A caller takes the lock,
/// sleeps until its turn, stamps the time and releases the lock, so waiting callers queue on the lock.
struct MusicBrainzLimiter {
    let home: URL
    var spacing: Double = 1.05

    /// Blocks until this process may send the next MusicBrainz request.
    func waitTurn(now: @escaping @Sendable () -> Date) async throws {
        let lockPath = home.appendingPathComponent("musicbrainz.lock").path
        let stampPath = home.appendingPathComponent("musicbrainz.last").path
        let spacing = self.spacing
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            DispatchQueue.global().async {
                continuation.resume(
                    with: Result {
                        try FileLock.withExclusiveLock(at: lockPath) {
                            let last = (try? String(contentsOfFile: stampPath, encoding: .utf8)).flatMap { Double($0) } ?? 0
                            let wait = last + spacing - now().timeIntervalSince1970
                            if wait > 0 { usleep(useconds_t(min(wait, spacing) * 1_000_000)) }
                            try String(now().timeIntervalSince1970).write(toFile: stampPath, atomically: true, encoding: .utf8)
                        }
                    })
            }
        }
    }
}
