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
        if let known = known(front) { return known }
        let made = try describe(front)
        keep(made, of: front)
        return made
    }

    /// The descriptor kept of `front`, if any.
    func known(_ front: Data) -> Data? {
        let key = Self.key(front)
        return entries.withLock { $0.descriptors[key] }
    }

    /// Keeps `descriptor` as the one of `front`, dropping the oldest beyond `capacity`.
    func keep(_ descriptor: Data, of front: Data) {
        let key = Self.key(front)
        entries.withLock { cache in
            guard cache.descriptors[key] == nil else { return }
            cache.descriptors[key] = descriptor
            cache.order.append(key)
            if cache.order.count > Self.capacity { cache.descriptors[cache.order.removeFirst()] = nil }
        }
    }

    private static func key(_ front: Data) -> String {
        Digest.hex(Digest.sha256(front))
    }
}
