import Dispatch

/// Independent pieces of one comparison, computed on two threads: a scan waits for its comparison, and these
/// machines have two cores. The calling thread takes part, so when Dispatch has no free worker it computes every
/// piece itself: slower, never stuck.
enum TwoThreads {
    /// `transform` of each element, in order; the same results as `items.map(transform)`.
    static func map<Element, Result>(_ items: [Element], _ transform: (Element) -> Result) -> [Result] {
        guard items.count > 1 else { return items.map(transform) }
        var results = [Result?](repeating: nil, count: items.count)
        results.withUnsafeMutableBufferPointer { buffer in
            // Shared without a lock: the items and transform are only read, and each thread writes its own slots.
            nonisolated(unsafe) let (out, items, transform) = (buffer, items, transform)
            DispatchQueue.concurrentPerform(iterations: 2) { part in
                for index in stride(from: part, to: items.count, by: 2) { out[index] = transform(items[index]) }
            }
        }
        return results.map { $0! }
    }
}
