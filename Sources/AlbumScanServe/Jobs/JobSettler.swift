import AlbumScanCore
import Foundation
import Synchronization

/// What a job's scan gets once it is saved, before its result goes out (DESIGN wave 5): the shop fields the page
/// typed while the job ran (`PATCH /api/jobs/ID`: the result does not overwrite them), and the number of the
/// session's SKU pattern, given in the order the photos arrived. A job numbered by a pattern settles only after
/// every job that arrived before it with a pattern has settled, so a photo that finishes first does not take an
/// earlier photo's number, and a photo that ends without a scan takes none.
final class JobSettler: Sendable {
    /// Writes `edits` (and the SKU `pattern`, when the edits name no SKU and the scan has none) to scan `scanId`, and
    /// answers the scan's shop fields and version after; nil when the scan is gone.
    typealias Apply =
        @Sendable (_ scanId: Int64, _ client: String, _ pattern: String?, _ edits: [ShopField: String?]) async -> (
            shop: ShopFields, version: Int
        )?

    /// Where a job's typed fields go now.
    enum Edit: Sendable, Equatable {
        /// Kept with the job, saved with its scan: these are all the fields kept so far.
        case kept([String: String?])
        /// The job has settled into scan `id`: edit the scan.
        case scan(Int64)
        /// The job ended without a scan.
        case noScan
    }

    private struct State {
        /// Fields typed per job (a follower's under the job it follows).
        var edits: [String: [ShopField: String?]] = [:]
        /// A follower's job, by follower.
        var leaders: [String: String] = [:]
        /// Jobs with a SKU pattern not yet settled, in the order their photos arrived.
        var numbering: [String] = []
        /// Jobs waiting for their number's turn.
        var turnWaiters: [String: CheckedContinuation<Void, Never>] = [:]
        /// Jobs settling now (their edits taken): a later edit waits for the scan.
        var settling: Set<String> = []
        var settleWaiters: [String: [CheckedContinuation<Void, Never>]] = [:]
        /// Settled jobs and their scans (nil: none).
        var settled: [String: Int64?] = [:]
    }

    private let apply: Apply
    private let state = Mutex(State())

    /// A settler writing through `apply`; the default writes nothing (a queue without a store, in tests).
    init(apply: @escaping Apply = { _, _, _, _ in nil }) {
        self.apply = apply
    }

    /// The SKU pattern a request's photo is numbered by, nil when it has none.
    static func pattern(of request: JobRequest) -> String? {
        request.shop[ShopField.sku.rawValue].flatMap { SKUPattern.isPattern($0) ? $0 : nil }
    }

    /// A photo arrived as job `id` (under the queue's lock, so arrivals keep their order): a job following
    /// `leader`'s scan has its typed fields saved with that scan; a rescan waiting for `leader` to end is not
    /// numbered in arrival order (jobs arriving meanwhile may start first; its scan keeps the SKU it has).
    func arrived(_ id: String, _ request: JobRequest, following leader: String?, rescan: Bool) {
        state.withLock { state in
            if let leader, !rescan {
                state.leaders[id] = leader
            } else if leader == nil, Self.pattern(of: request) != nil {
                state.numbering.append(id)
            }
        }
    }

    /// Fields typed on the page for job `id`, kept until its scan is saved; once it is, where to send them.
    func edit(_ id: String, _ values: [ShopField: String?]) async -> Edit {
        let job = state.withLock { $0.leaders[id] ?? id }
        await waitWhileSettling(job)
        return state.withLock { state in
            if let settled = state.settled[job] { return settled.map(Edit.scan) ?? .noScan }
            state.edits[job, default: [:]].merge(values) { _, new in new }
            let kept = state.edits[job] ?? [:]
            return .kept(Dictionary(uniqueKeysWithValues: kept.map { ($0.key.rawValue, $0.value) }))
        }
    }

    private func waitWhileSettling(_ job: String) async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state in
                guard state.settling.contains(job) else { return true }
                state.settleWaiters[job, default: []].append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Job `id` ended with `result`: once the jobs numbered before it have settled, its scan takes the fields typed
    /// meanwhile and its SKU number; the result says what was saved.
    func settle(_ id: String, request: JobRequest, result: ScanResult) async -> ScanResult {
        let pattern = Self.pattern(of: request)
        await waitForTurn(id)
        let edits = state.withLock { state in
            state.settling.insert(id)
            return state.edits.removeValue(forKey: id) ?? [:]
        }
        var settled = result
        if let scanId = result.scanId, pattern != nil || !edits.isEmpty,
            let saved = await apply(scanId, request.client, pattern, edits)
        {
            (settled.shop, settled.version) = (saved.shop, saved.version)
        }
        let (waiters, next) = state.withLock { state in
            state.settling.remove(id)
            state.settled[id] = .some(result.scanId)
            state.numbering.removeAll { $0 == id }
            let next = state.numbering.first.flatMap { state.turnWaiters.removeValue(forKey: $0) }
            return (state.settleWaiters.removeValue(forKey: id) ?? [], next)
        }
        waiters.forEach { $0.resume() }
        next?.resume()
        return settled
    }

    /// Waits until every job numbered before `id` has settled (at once for a job not numbered).
    private func waitForTurn(_ id: String) async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state in
                guard let first = state.numbering.first, first != id, state.numbering.contains(id) else { return true }
                state.turnWaiters[id] = continuation
                return false
            }
            if now { continuation.resume() }
        }
    }
}

extension JobRequest {
    /// The shop fields saved with the scan itself: a SKU pattern is left for the settler, which numbers it in the
    /// order the photos arrived.
    var shopFieldsSavedWithScan: ShopFields {
        var fields = shopFields
        if JobSettler.pattern(of: self) != nil { fields[.sku] = nil }
        return fields
    }
}
