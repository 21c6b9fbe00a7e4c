import AlbumScanCore
import Foundation
import Testing

@Suite struct BlockingPoolTests {
    private static let which = __priority_which_t(PRIO_PROCESS.rawValue)

    /// Work ahead of need runs below the scans' own work: the pool's threads are niced relative to the caller's.
    @Test func aNicedPoolRunsItsWorkAtALowerPriority() async throws {
        let base = getpriority(Self.which, 0)
        let niced = try await BlockingPool(maxThreads: 1, niceness: 5).run { getpriority(Self.which, 0) }
        let plain = try await BlockingPool(maxThreads: 1).run { getpriority(Self.which, 0) }
        #expect(niced == min(base + 5, 19))
        #expect(plain == base)
    }

    /// Jobs queued beyond the threads still all run, and each result comes back to its own caller.
    @Test func moreJobsThanThreadsAllFinish() async throws {
        let pool = BlockingPool(maxThreads: 2)
        let results = try await withThrowingTaskGroup(of: Int.self) { group in
            for value in 0..<20 { group.addTask { try await pool.run { value * value } } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.sorted() == (0..<20).map { $0 * $0 })
    }
}
