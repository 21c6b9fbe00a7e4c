import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The tier, advanced-search setting and scan quota, kept in `HOME/keyring.json` and safe across processes.
package final class Keyring: Sendable {
    /// Reservations older than this are reclaimed even if their pid is alive (the pid may have been reused).
    package static let reservationLifetime: TimeInterval = 3600

    /// The keyring file's location.
    package var path: URL { URL(fileURLWithPath: file.keyringPath) }

    private let home: URL
    private let file: KeyringFile
    private let now: @Sendable () -> Date
    private let isProcessAlive: @Sendable (ProcessIdentity) -> Bool
    private let savedScans: @Sendable (Set<String>) throws -> [String: Tier]

    /// Opens the keyring in `home`; nothing is read or created until the first call.
    package init(
        home: URL, now: @escaping @Sendable () -> Date,
        isProcessAlive: @escaping @Sendable (ProcessIdentity) -> Bool = ProcessIdentity.isAlive,
        savedScans: @escaping @Sendable (Set<String>) throws -> [String: Tier] = { _ in [:] }
    ) {
        self.home = home
        self.file = KeyringFile(home: home)
        self.now = now
        self.isProcessAlive = isProcessAlive
        self.savedScans = savedScans
    }

    /// The account view, after settling interrupted scans; scans held by live reservations count as not remaining.
    package func status() throws -> QuotaStatus {
        // Before the first scan there is nothing to read: a fresh free state, and nothing is created for asking.
        guard FileManager.default.fileExists(atPath: file.keyringPath) else {
            let date = now()
            return QuotaRules.status(KeyringState.fresh(period: QuotaRules.period(at: date)), inFlight: 0, now: date)
        }
        do {
            return try locked { state, date in
                try settleInterrupted(&state, at: date)
                return QuotaRules.status(state, inFlight: state.reservations.count, now: date)
            }
        } catch AlbumScanError.storage where !PosixIO.isWritable(home.path) {
            // A read-only home: nothing can be written, so nothing can race; read without the lock.
            let date = now()
            var state = try file.load(period: QuotaRules.period(at: date), create: false)
            state.reservations.removeAll { isStale($0, at: date) }
            return QuotaRules.status(state, inFlight: state.reservations.count, now: date)
        }
    }

    /// Holds one scan from the quota for process `pid`, after settling the reservations of processes that died.
    package func reserve(pid: Int32 = getpid()) throws -> Reservation {
        let outcome: Result<Reservation, AlbumScanError> = try locked(durable: false) { state, date in
            try settleInterrupted(&state, at: date)
            state = QuotaRules.rolledOver(state, now: date)
            guard QuotaRules.canReserve(state, now: date) else {
                return .failure(.quotaExhausted(QuotaRules.exhaustedMessage(tier: state.tier, now: date)))
            }
            let record = KeyringState.Record(
                id: UUID().uuidString, pid: pid, createdAt: Int64(date.timeIntervalSince1970.rounded(.down)),
                startTime: ProcessIdentity.startTime(of: pid))
            state.reservations.append(record)
            return .success(Reservation(id: record.id, tier: state.tier, advancedSearch: state.advancedSearch))
        }
        return try outcome.get()
    }

    // A scan that finished is counted even if its reservation was reclaimed meanwhile:
    // the model calls were made.
    /// Counts a finished scan against the counter of the reservation's tier and drops the reservation.
    package func commit(_ reservation: Reservation) throws {
        try locked { state, date in
            state.reservations.removeAll { $0.id == reservation.id }
            state = QuotaRules.committing(state, tier: reservation.tier, now: date)
        }
    }

    /// Returns a reserved scan to the quota unused.
    package func release(_ reservation: Reservation) throws {
        try locked(durable: false) { state, _ in state.reservations.removeAll { $0.id == reservation.id } }
    }

    /// Changes tier; leaving Ultra turns advanced search off.
    package func setTier(_ tier: Tier) throws {
        try locked { state, date in
            state = QuotaRules.rolledOver(state, now: date)
            state.tier = tier
            if tier != .ultra { state.advancedSearch = false }
        }
    }

    /// Turns Ultra's advanced search on or off; turning it on needs the Ultra tier.
    package func setAdvancedSearch(_ on: Bool) throws {
        let outcome: Result<Void, AlbumScanError> = try locked { state, _ in
            guard !on || state.tier == .ultra else {
                return .failure(
                    .usage("advanced search is an Ultra feature; run `albumscan account set-tier ultra` first"))
            }
            state.advancedSearch = on
            return .success(())
        }
        try outcome.get()
    }

    // A scan is saved before its reservation is committed. A process that died between the two left a saved
    // scan under a stale reservation: it is counted now. Any other stale reservation never led to a saved scan
    // and is dropped. Either way the stored scans and the charged quota agree.
    /// Drops stale reservations, counting those whose scan was saved.
    private func settleInterrupted(_ state: inout KeyringState, at date: Date) throws {
        let stale = state.reservations.filter { isStale($0, at: date) }
        guard !stale.isEmpty else { return }
        let saved = try savedScans(Set(stale.map(\.id)))
        state.reservations.removeAll { isStale($0, at: date) }
        for record in stale { if let tier = saved[record.id] { state = QuotaRules.committing(state, tier: tier, now: date) } }
    }

    private func isStale(_ record: KeyringState.Record, at date: Date) -> Bool {
        let age = date.timeIntervalSince1970 - Double(record.createdAt)
        return age > Self.reservationLifetime || !isProcessAlive(record.holder)
    }

    // Every operation, reads included, runs under the lock: the first call creates the
    // keyring and its secret, which must happen exactly once across racing processes.
    // Reserving and releasing need not survive a power cut (a reservation lost with the machine is one
    // nobody holds any more), so they skip the directory fsync that makes a rename durable: 4-8 ms a scan.
    // Commits, tier changes and settlements always take it.
    private func locked<T>(durable: Bool = true, _ body: (inout KeyringState, Date) throws -> T) throws -> T {
        do {
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        } catch {
            throw AlbumScanError.configuration("cannot create \(home.path): \(error.localizedDescription)")
        }
        return try FileLock.withExclusiveLock(at: file.lockPath) { _ in
            file.removeOrphanedTemporaries()
            let date = now()
            let original = try file.load(period: QuotaRules.period(at: date))
            var state = original
            let result = try body(&state, date)
            if state != original { try file.save(state, durable: durable) }
            return result
        }
    }
}
