import Foundation

/// Runs `body(index)` for 0..<count, each on a thread of its own, all at once, and waits for all of them. Not
/// `DispatchQueue.concurrentPerform`: on Linux it runs about one iteration per core at a time.
package func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        Thread {
            body(index)
            group.leave()
        }.start()
    }
    group.wait()
}
