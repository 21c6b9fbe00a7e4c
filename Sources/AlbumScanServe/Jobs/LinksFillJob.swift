import AlbumScanApp
import AlbumScanCore
import Foundation
import Synchronization

/// The session's fill of pending Discogs links (DESIGN wave 5, "Exports report what they leave out"): it goes at
/// MusicBrainz's pace, so it runs as a job, not inside one long request. The first export that finds links pending
/// starts it and answers 202 {`job`}; exports while it runs get the same job; each client that asked gets `stage`
/// events `links` with the count done, then `done`. A fill that stopped on a problem is not started again for a
/// minute: meanwhile exports answer at once, counting those scans as `links-pending`.
final class LinksFillJob: Sendable {
    private struct State {
        var job: String?
        var clients: Set<String> = []
        var task: Task<Void, Never>?
        var failedAt: Date?
    }

    private let state = Mutex(State())
    private let hub: EventHub
    private let now: @Sendable () -> Date

    init(hub: EventHub, now: @escaping @Sendable () -> Date) {
        (self.hub, self.now) = (hub, now)
    }

    /// Whether a fill stopped on a problem less than a minute ago.
    var recentlyFailed: Bool {
        state.withLock { state in state.failedAt.map { now().timeIntervalSince($0) < 60 } ?? false }
    }

    /// The running fill's job, after starting one for `pending` when none runs; `client` gets its events.
    func start(_ pending: PendingLinks, exporter: CatalogueExporter, client: String) -> String {
        state.withLock { state in
            state.clients.insert(client)
            if let job = state.job { return job }
            let job = JobQueue.newID()
            state.job = job
            state.task = Task { [self] in
                let report = await exporter.fill(pending) { done, total in
                    self.publish(.links(job: job, done: done, total: total))
                }
                finish(job, failed: report.stillPending > 0)
            }
            return job
        }
    }

    private func publish(_ event: ServerEvent) {
        let clients = state.withLock { $0.clients }
        for client in clients { hub.publish(event, to: client) }
    }

    private func finish(_ job: String, failed: Bool) {
        let clients = state.withLock { state in
            defer { state = State(failedAt: failed ? now() : nil) }
            return state.clients
        }
        for client in clients { hub.publish(.stage(job: job, stage: "done", found: nil), to: client) }
    }

    /// Cancels a running fill (the server stops); the links it did not reach stay pending.
    func stop() {
        state.withLock { $0.task }?.cancel()
    }
}
