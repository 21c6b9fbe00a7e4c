import Synchronization

/// Opens the store once, however many scans ask for it at the same moment.
final class StoreOpener: Sendable {
    private let opening = Mutex<Task<AlbumStore, any Error>?>(nil)

    func store(_ open: @escaping @Sendable () async throws -> AlbumStore) async throws -> AlbumStore {
        let task = opening.withLock { opening in
            let task = opening ?? Task { try await open() }
            opening = task
            return task
        }
        do {
            return try await task.value
        } catch {
            opening.withLock { $0 = nil }  // a failed open is tried again by the next caller
            throw error
        }
    }
}
