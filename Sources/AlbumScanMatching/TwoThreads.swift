import Dispatch

/// Independent pieces of one job a scan waits for (a comparison, the upload's measures and barcodes), computed on two
/// threads: these machines have two cores. The calling thread takes part, so when Dispatch has no free worker it
/// computes every piece itself: slower, never stuck.
package enum TwoThreads {
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

    /// `first()` and `second()`, one on each thread.
    package static func both<First, Second>(_ first: () -> First, _ second: () -> Second) -> (First, Second) {
        var one: First?
        var two: Second?
        withUnsafeMutablePointer(to: &one) { onePointer in
            withUnsafeMutablePointer(to: &two) { twoPointer in
                // Shared without a lock: each thread writes only its own result.
                nonisolated(unsafe) let (oneOut, twoOut, first, second) = (onePointer, twoPointer, first, second)
                DispatchQueue.concurrentPerform(iterations: 2) { part in
                    if part == 0 { oneOut.pointee = first() } else { twoOut.pointee = second() }
                }
            }
        }
        return (one!, two!)
    }
}
