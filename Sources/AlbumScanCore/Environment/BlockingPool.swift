import Foundation

/// Threads this process owns, for work that blocks: the one place such work runs.
///
/// The rule: nothing blocks a thread of libdispatch's global queues or of the Swift cooperative pool.
/// On Linux libdispatch sizes both to about the core count (two here), so one blocking call there
/// holds half the workers and every other scan queues behind it. Therefore:
/// - HTTP never blocks: `CurlTransport` drives every transfer from its own event thread.
/// - `flock`, `fsync`, file reads and writes, SQLite (GRDB) and JPEG decoding and encoding run on a
///   `BlockingPool`, through `AppEnvironment.offload`; a photo's preparation, which only computes, through
///   `compute` (a pool as wide as the cores); work ahead of need (the photo's features, the HTTP client's
///   libraries) through `startInBackground`.
/// - Waiting is awaited with the environment's `sleep`, never a blocking sleep call.
///
/// Threads start on demand, up to `maxThreads`, and then stay for the life of the process.
// Unchecked: `queue`, `threads` and `idle` are only touched with `condition` locked; a Mutex cannot wait on a condition.
package final class BlockingPool: @unchecked Sendable {
    /// The pool every live command shares; wide enough for 16 scans each waiting on a lock at once.
    package static let shared = BlockingPool(maxThreads: 24)
    /// Work bound by the processor (decoding, preparing and measuring a photo): one thread per core, first come
    /// first served, so that in a batch each photo is ready for its model call in turn, not all of them at the end.
    package static let compute = BlockingPool(maxThreads: ProcessInfo.processInfo.activeProcessorCount)
    /// Work done ahead of need (a photo's features): one thread per core, at a lower priority, so that in a batch
    /// it takes the cores only when no photo is being prepared for its model call. Work that needs the result
    /// meanwhile does it itself rather than wait in this queue.
    package static let background = BlockingPool(
        maxThreads: ProcessInfo.processInfo.activeProcessorCount, niceness: 10)

    private let condition = NSCondition()
    private var queue: [@Sendable () -> Void] = []
    private var threads = 0
    private var idle = 0
    private let maxThreads: Int
    /// Added to each thread's nice value (Linux schedules threads, so it is per thread).
    private let niceness: Int32

    /// A pool of at most `maxThreads` threads.
    package init(maxThreads: Int, niceness: Int32 = 0) {
        self.maxThreads = max(1, maxThreads)
        self.niceness = niceness
    }

    /// Runs `body` on one of the pool's threads and returns its result to the awaiting task.
    package func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            submit { continuation.resume(with: Result { try body() }) }
        }
    }

    /// Runs `job` on one of the pool's threads without waiting for it.
    package func start(_ job: @escaping @Sendable () -> Void) {
        submit(job)
    }

    private func submit(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        queue.append(job)
        // Every queued job needs an idle thread of its own; a thread woken but not yet running still counts as idle.
        let startThread = queue.count > idle && threads < maxThreads
        if startThread { threads += 1 }
        condition.signal()
        condition.unlock()
        if startThread {
            let thread = Thread { [self] in work() }
            thread.name = "albumscan-blocking"
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    private func work() {
        // On Linux the nice value is per thread, and `who` 0 is the calling thread. Best effort: a thread left at the
        // process's priority still does the work.
        if niceness != 0 {
            let which = __priority_which_t(PRIO_PROCESS.rawValue)
            _ = setpriority(which, 0, getpriority(which, 0) + niceness)
        }
        while true {
            condition.lock()
            idle += 1
            while queue.isEmpty { condition.wait() }
            idle -= 1
            let job = queue.removeFirst()
            condition.unlock()
            job()
        }
    }
}
