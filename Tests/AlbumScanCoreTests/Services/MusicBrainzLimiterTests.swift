import Foundation
import Testing

@testable import AlbumScanCore

@Suite struct MusicBrainzLimiterTests {
    @Test(arguments: [
        (now: 100.0, last: nil as Double?, slot: 100.0),  // fresh home: go now
        (now: 100.0, last: 90.0, slot: 100.0),  // long idle
        (now: 100.0, last: 99.5, slot: 100.55),  // 0.5 s after the last slot
        (now: 100.0, last: 100.0, slot: 101.05),  // two at the same moment
        (now: 100.0, last: 103.0, slot: 104.05),  // three others already queued
        (now: 100.0, last: 500.0, slot: 100.0),  // the clock went back: don't wait for it
        (now: 100.0, last: .nan, slot: 100.0),
    ])
    func slotIsTheNextFreeOneAfterTheLastReserved(now: Double, last: Double?, slot: Double) {
        #expect(abs(SlotLimiter.slot(now: now, last: last, spacing: MusicBrainzRate.publicSpacing).send - slot) < 1e-9)
    }

    /// A mirror at 20 a second (slots 52.5 ms apart) lets 20 go at once after a pause, then one a slot; over any
    /// stretch the average stays one a slot.
    @Test func aBurstGoesAtOnceThenTheEvenScheduleHolds() {
        let spacing = MusicBrainzRate.spacing(host: "mb.local", requested: 20)
        let burst = MusicBrainzRate.burst(host: "mb.local", requested: 20)
        #expect(burst == 20)
        #expect(MusicBrainzRate.burst(host: "musicbrainz.org", requested: 20) == 1, "one at a time on the public server")
        var last: Double? = nil
        var sends: [Double] = []
        for _ in 0..<30 {
            let slot = SlotLimiter.slot(now: 100, last: last, spacing: spacing, burst: burst)
            sends.append(slot.send)
            last = slot.stored
        }
        #expect(sends.prefix(20).allSatisfy { $0 == 100 })
        #expect(zip(sends.dropFirst(20), 1...).allSatisfy { abs($0 - (100 + Double($1) * spacing)) < 1e-9 }, "\(sends)")
        // After a second's pause the allowance is back.
        let later = SlotLimiter.slot(now: (last ?? 0) + 1.2, last: last, spacing: spacing, burst: burst)
        #expect(later.send == (last ?? 0) + 1.2)
    }

    /// A caller that woke on time after one that woke late waits out the rest of the second; on time after an
    /// on-time caller it goes at once.
    @Test(
        "after a late caller, the next keeps the least gap",
        arguments: [
            // now (the caller's slot), last sent, send
            (101.05, 100.3 as Double?, 101.3),  // the last woke 0.3 s late: 0.25 s more
            (101.05, 100.0, 101.05),  // on time after on time
            (101.6, 100.3, 101.6),  // itself late: a second after the last has passed
            (101.05, nil, 101.05),  // nothing sent before
        ])
    func lateCallers(now: Double, lastSent: Double?, send: Double) {
        #expect(abs(SlotLimiter.sendTime(now: now, lastSent: lastSent, minimumGap: 1) - send) < 1e-9)
    }

    @Test(
        "the lock file keeps the slot and the last send; a file of the slot alone reads too",
        arguments: [
            ("1000.500000 999.800000\n", SlotLimiter.Stamps(slot: 1000.5, sent: 999.8)),
            ("1000.500000\n", SlotLimiter.Stamps(slot: 1000.5, sent: nil)),
            ("", SlotLimiter.Stamps(slot: nil, sent: nil)),
            ("garbage", SlotLimiter.Stamps(slot: nil, sent: nil)),
        ])
    func stampsFile(text: String, stamps: SlotLimiter.Stamps) {
        #expect(SlotLimiter.stamps(text) == stamps)
    }

    /// Eight callers at once in a fresh home, on a frozen virtual clock: the first sends at once and the others
    /// sleep until slots 1.05 s apart, without any real waiting.
    @Test func concurrentCallersInAFreshHomeGetSpacedSlots() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("limiter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let clock = FrozenClock(at: 1_000_000)
        let environment = AppEnvironment(
            settings: Settings(), home: home, transport: NoTransport(), now: clock.now, sleep: clock.sleep)
        #expect(environment.settings.musicBrainzSpacing == MusicBrainzRate.publicSpacing, "musicbrainz.org by default")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 { group.addTask { try await SlotLimiter.musicBrainz(environment).waitTurn() } }
            try await group.waitForAll()
        }
        let expected = (1..<8).map { 1_000_000 + Double($0) * MusicBrainzRate.publicSpacing }
        let wakes = clock.wakes.sorted()
        #expect(wakes.count == 7)
        #expect(zip(wakes, expected).allSatisfy { abs($0 - $1) < 1e-5 }, "\(wakes)")
    }
}

/// A clock that never moves; sleeps return at once and note the time they would have woken at.
final class FrozenClock: @unchecked Sendable {
    private let lock = NSLock()
    private let time: Double
    private var woken: [Double] = []

    init(at time: Double) { self.time = time }

    var wakes: [Double] { lock.withLock { woken } }

    var now: @Sendable () -> Date { { [time] in Date(timeIntervalSince1970: time) } }

    var sleep: @Sendable (Double) async throws -> Void {
        { [self] seconds in lock.withLock { woken.append(time + seconds) } }
    }
}

/// A transport for tests that must send nothing.
struct NoTransport: HTTPTransport {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        Issue.record("unexpected request: \(request.method) \(request.url)")
        throw HTTPTransportError.notRecorded(method: request.method, url: request.url.absoluteString)
    }
}
