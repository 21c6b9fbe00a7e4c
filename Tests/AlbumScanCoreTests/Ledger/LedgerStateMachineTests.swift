import AlbumScanTestSupport
import Foundation
import Testing

/// Issue 48's state-machine test, in the way trusted databases test themselves: seeded, reproducible random
/// sequences of scans, rescans, edits from two clients with and without a version, corrections, link fills,
/// deletes, failed photos and restarts, run against the real store and a small reference model
/// (`LedgerModel`), compared after every step. `make test` runs as many sequences as fit in
/// ALBUMSCAN_LEDGER_SECONDS (60) and at least ALBUMSCAN_LEDGER_SEQUENCES (1,000); `make test-ledger` runs 100,000.
/// A divergence prints its seed and the shortest sequence that still shows it.
@Suite struct LedgerStateMachineTests {
    static let environment = ProcessInfo.processInfo.environment
    static let seconds = environment["ALBUMSCAN_LEDGER_SECONDS"].flatMap(Double.init) ?? 60
    static let minimum = environment["ALBUMSCAN_LEDGER_SEQUENCES"].flatMap(Int.init) ?? 1_000
    /// The first seed; a failure names the seed to pass here to run that sequence alone.
    static let firstSeed = environment["ALBUMSCAN_LEDGER_SEED"].flatMap(UInt64.init) ?? 1

    static func sequence(seed: UInt64) -> [LedgerStep] {
        var random = SeededRandom(seed: seed)
        return (0..<Int.random(in: 1...30, using: &random)).map { _ in LedgerStep.random(using: &random) }
    }

    /// Removes steps one at a time while the sequence still diverges, until none can go.
    static func shrunk(_ steps: [LedgerStep], breakingTheStore: Bool = false) throws -> (steps: [LedgerStep], problem: String) {
        var steps = steps
        var problem = try LedgerRun.divergence(steps, breakingTheStore: breakingTheStore) ?? "no divergence"
        var removed = true
        while removed {
            removed = false
            for index in steps.indices.reversed() {
                var fewer = steps
                fewer.remove(at: index)
                if let still = try LedgerRun.divergence(fewer, breakingTheStore: breakingTheStore) {
                    (steps, problem, removed) = (fewer, still, true)
                }
            }
        }
        return (steps, problem)
    }

    /// What one worker found: sequences and steps run, and the first divergence with its seed.
    private final class Tally: @unchecked Sendable {
        let lock = NSLock()
        var sequences = 0
        var steps = 0
        var divergence: (seed: UInt64, error: String)?
    }

    /// Two workers (one a core) take alternate seeds until both the time and the count are reached, or one diverges.
    /// They run on threads of their own, off Swift's cooperative pool, so the suite's async tests (servers among
    /// them) are not starved for a minute.
    @Test func theStoreKeepsToTheModel() async throws {
        let started = Date()
        let tally = Tally()
        let (first, minimum, seconds) = (Self.firstSeed, Self.minimum, Self.seconds)
        await Self.offThePool {
            onThreads(2) { worker in
                var seed = first + UInt64(worker)
                while true {
                    let enough = tally.lock.withLock {
                        tally.divergence != nil || (tally.sequences >= minimum && Date().timeIntervalSince(started) >= seconds)
                            || (minimum == 1 && tally.sequences >= 1)
                    }
                    if enough { return }
                    let sequence = Self.sequence(seed: seed)
                    let found: String?
                    do {
                        found = try LedgerRun.divergence(sequence)
                    } catch {
                        found = "the harness failed: \(error)"
                    }
                    tally.lock.withLock {
                        if let found, tally.divergence == nil { tally.divergence = (seed, found) }
                        tally.sequences += 1
                        tally.steps += sequence.count
                    }
                    seed += 2
                }
            }
        }
        if let (seed, _) = tally.divergence {
            let (shortest, problem) = try Self.shrunk(Self.sequence(seed: seed))
            Issue.record(
                """
                seed \(seed) diverges (ALBUMSCAN_LEDGER_SEED=\(seed) ALBUMSCAN_LEDGER_SEQUENCES=1 runs it alone); \
                shortest sequence, \(shortest.count) steps:
                \(shortest.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n"))
                \(problem)
                """)
            return
        }
        #expect(tally.sequences >= minimum)
        print(
            "ledger state machine: \(tally.sequences) sequences (\(tally.steps) steps) from seed \(first), 0 divergences, "
                + String(format: "%.1f s", Date().timeIntervalSince(started)))
    }

    /// Runs blocking `work` on a thread of its own and waits for it without holding a cooperative thread.
    static func offThePool(_ work: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread {
                work()
                done.resume()
            }.start()
        }
    }

    /// The model and the harness can fail: a store that let a correction reach another scan of its release would
    /// be caught, as the store before the snapshot migration was.
    @Test func aDivergenceIsFoundAndShrunk() throws {
        let leak: [LedgerStep] = [
            .scan(photo: 0, door: .cli, location: nil), .scan(photo: 1, door: .cli, location: nil),
            .correct(scan: 1, release: 0, seen: .none),
        ]
        #expect(try LedgerRun.divergence(leak) == nil, "the store keeps each scan's facts its own")
        #expect(try LedgerRun.divergence(leak, breakingTheStore: true) != nil)
        let shrunk = try Self.shrunk(leak + [.restart, .fail(photo: 3)], breakingTheStore: true)
        #expect(shrunk.steps.count <= 3, "\(shrunk.steps)")
    }
}
