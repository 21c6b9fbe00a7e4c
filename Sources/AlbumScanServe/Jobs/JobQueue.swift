import AlbumScanApp
import AlbumScanCore
import Foundation
import Synchronization

/// The session's jobs, `serve`'s adapter to the shared queue (`ScanTurns`, as `scan --jobs` uses through
/// `BatchRunner`): at most `jobs` scans in their turn, first come first served, up to `jobs` more photos read and
/// prepared meanwhile; each client at most `bound` jobs not yet done. One scan per photo (by SHA-256) at a time: a photo sent again while its job runs, by this or
/// another client, gets its own job that follows the running one and ends with its result; with `rescan` it waits
/// for it, then scans again (DESIGN wave 5: every job ends for every client). Stages and results go out as events
/// to the client's streams, in the order they happen.
final class JobQueue: Sendable {
    /// Reads and prepares one request's photo, reporting stages; the scan's second half is `ReadyScan.finish`.
    typealias Scan = @Sendable (JobRequest, @escaping @Sendable (ScanStage) -> Void) async -> ReadyScan

    private struct Entry {
        var request: JobRequest
        var state: JobSnapshot.State = .queued
        var stage = "queued"
        var found: JobSnapshot.FoundAlbum?
        var result: ScanResult?
        var receivedAt: Date
        var task: Task<Void, Never>?
        /// The running job of the same photo this one ends with (its stages and result are this one's too).
        var follows: String?

        func snapshot(id: String) -> JobSnapshot {
            JobSnapshot(
                job: id, state: state, stage: stage, found: found, result: result, file: request.name,
                sha256: request.sha256, receivedAt: receivedAt)
        }
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var order: [String] = []
        /// Job tasks not yet ended (queued for their reading, preparing, waiting for a turn, or in it).
        var live = 0
        /// Rescans of a photo whose job was running when they came, by that job: queued once it ends.
        var afterward: [String: [String]] = [:]
        var stopping = false
        var idle: [CheckedContinuation<Void, Never>] = []
    }

    let jobs: Int
    let bound: Int
    private let hub: EventHub
    private let scan: Scan
    private let uploads: UploadFolder
    private let now: @Sendable () -> Date
    private let state = Mutex(State())
    /// The turns, shared with `scan --jobs` (`ScanTurns`): `jobs` scans in their turn, as many more prepared ahead.
    private let turns: ScanTurns
    /// Saves the fields typed while a job ran and numbers SKU patterns in arrival order, before its result goes out.
    let settler: JobSettler

    init(
        jobs: Int, bound: Int, hub: EventHub, uploads: UploadFolder, now: @escaping @Sendable () -> Date,
        settler: JobSettler = JobSettler(), scan: @escaping Scan
    ) {
        (self.jobs, self.bound, self.hub, self.uploads, self.now, self.scan) = (jobs, bound, hub, uploads, now, scan)
        self.settler = settler
        turns = ScanTurns(jobs: jobs)
    }

    /// Whether `client` may send another photo now.
    func hasRoom(for client: String) -> Bool {
        state.withLock { state in
            state.entries.values.filter { $0.request.client == client && $0.state != .done }.count < bound
        }
    }

    /// Queues a received photo (already in the upload folder) and returns its job id: a job of its own, following
    /// the photo's job not yet done when there is one (after it, for a rescan).
    func enqueue(_ request: JobRequest) -> String {
        let id = Self.newID()
        state.withLock { state in
            var entry = Entry(request: request, receivedAt: now())
            let leader = state.order.last {
                state.entries[$0].map { $0.request.sha256 == request.sha256 && $0.state != .done && $0.follows == nil } ?? false
            }
            if let leader, !request.rescan {
                entry.follows = leader
                entry.state = .running
                if let lead = state.entries[leader] { (entry.stage, entry.found) = (lead.stage, lead.found) }
            } else if let leader {
                state.afterward[leader, default: []].append(id)
            }
            state.entries[id] = entry
            state.order.append(id)
            settler.arrived(id, request, following: leader, rescan: request.rescan)
            hub.publish(.stage(job: id, stage: entry.stage, found: entry.found), to: request.client)
            if leader == nil { start(id, in: &state) }
        }
        return id
    }

    /// One job, for any paired client (ids are unguessable).
    func snapshot(_ id: String) -> JobSnapshot? {
        state.withLock { $0.entries[id]?.snapshot(id: id) }
    }

    /// `client`'s jobs, newest first.
    func snapshots(client: String) -> [JobSnapshot] {
        state.withLock { state in
            state.order.reversed().compactMap { id in
                state.entries[id].flatMap { $0.request.client == client ? $0.snapshot(id: id) : nil }
            }
        }
    }

    /// Starts a job's task: it takes its ticket now (turns go in the order photos came), is read and prepared when
    /// its place comes, scans in its turn, and ends by publishing its result; stopped before its reading, it ends
    /// with nothing published, its photo left for the next start.
    private func start(_ id: String, in state: inout State) {
        guard !state.stopping, var entry = state.entries[id] else { return }
        let (ticket, request) = (turns.ticket(), entry.request)
        state.live += 1
        entry.task = Task { [self] in
            let result = await turns.run(ticket, interrupted: { $0.interrupted() }) {
                self.state.withLock { $0.entries[id]?.state = .running }
                return await scan(request) { stage in self.note(stage, of: id) }
            }
            if let result { await finish(id, result: await settler.settle(id, request: request, result: result)) }
            turns.done(ticket)
            ended()
        }
        state.entries[id] = entry
    }

    /// A job's task ended: when the server is stopping and it was the last, `stop` goes on.
    private func ended() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.live -= 1
            guard state.live == 0, state.stopping else { return [] }
            defer { state.idle = [] }
            return state.idle
        }
        waiters.forEach { $0.resume() }
    }

    /// A stage reached: kept for the snapshot and sent to the client's streams (the job's and its followers'),
    /// under the lock so events keep order.
    private func note(_ stage: ScanStage, of id: String) {
        state.withLock { state in
            guard let entry = state.entries[id] else { return }
            let found =
                if case .found(let album) = stage { JobSnapshot.FoundAlbum(artist: album.artist, title: album.title) } else {
                    entry.found
                }
            for job in [id] + Self.followers(of: id, in: state) {
                guard var entry = state.entries[job] else { continue }
                (entry.stage, entry.found) = (JobSnapshot.code(stage), found)
                state.entries[job] = entry
                hub.publish(.stage(job: job, stage: entry.stage, found: entry.found), to: entry.request.client)
            }
        }
    }

    /// The jobs following `id`'s scan.
    private static func followers(of id: String, in state: State) -> [String] {
        state.order.filter { state.entries[$0]?.follows == id && state.entries[$0]?.state != .done }
    }

    private func finish(_ id: String, result: ScanResult) async {
        // The cover bytes are for a terminal's drawing; a session's jobs keep only the rest (as a batch does).
        var result = result
        result.artworkImages = nil
        // The photo goes to the kept photos before anyone hears the job is done, so `GET /api/scans/ID/photo` finds
        // it at once. An interrupted scan saved nothing: its photo stays, and the next start scans it. A photo a
        // rescan waits for stays too (it is kept after that rescan).
        let (ending, wanted) = state.withLock { state in (state.entries[id]?.request, !(state.afterward[id] ?? []).isEmpty) }
        if let ending, result.error != .interrupted, !wanted { await uploads.finish(sha256: ending.sha256) }
        state.withLock { state in
            guard state.entries[id] != nil else { return }
            for job in [id] + Self.followers(of: id, in: state) {
                guard var entry = state.entries[job] else { continue }
                (entry.state, entry.stage, entry.result, entry.task) = (.done, "done", result, nil)
                state.entries[job] = entry
                hub.publish(.result(job: job, result: result), to: entry.request.client)
            }
            // Rescans that came while this ran go now, on the same photo (read from the kept photos if it went there).
            for next in state.afterward.removeValue(forKey: id) ?? [] { start(next, in: &state) }
        }
    }

    /// Stops starting jobs and cancels the running ones (they end `interrupted`, saving and charging nothing), then
    /// waits for them. Returns how many scans were cut short: running or still waiting.
    func stop() async -> Int {
        let (cut, tasks) = state.withLock { state in
            state.stopping = true
            let started = state.entries.values.filter { $0.task != nil && $0.state != .done }
            return (started.count, started.compactMap(\.task))
        }
        turns.stop()
        tasks.forEach { $0.cancel() }
        await withCheckedContinuation { continuation in
            let now = state.withLock { state in
                if state.live == 0 { return true }
                state.idle.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
        return cut
    }

    /// A job id: 12 hex digits, random, so a page can never mistake a job of an earlier session for one of this.
    static func newID() -> String {
        String((0..<6).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined())
    }
}
