import Crypto
import Foundation
import Synchronization

/// Descriptors of front images already described in this process, by the image's SHA-256: a batch with several
/// photos of one album (or a test suite scanning the fixture covers in-process) describes each front image once.
/// Describing runs SIFT over the image, the costliest part of a verification.
final class DescriptorCache: Sendable {
    /// About 5 MB of descriptors at most.
    static let capacity = 64

    private let entries = Mutex<(descriptors: [String: Data], order: [String])>(([:], []))

    /// The descriptor of `front`, made by `describe` the first time.
    func descriptor(of front: Data, _ describe: (Data) throws -> Data) rethrows -> Data {
        let key = SHA256.hash(data: front).map { String(format: "%02x", $0) }.joined()
        if let known = entries.withLock({ $0.descriptors[key] }) { return known }
        let made = try describe(front)
        entries.withLock { cache in
            guard cache.descriptors[key] == nil else { return }
            cache.descriptors[key] = made
            cache.order.append(key)
            if cache.order.count > Self.capacity { cache.descriptors[cache.order.removeFirst()] = nil }
        }
        return made
    }
}
