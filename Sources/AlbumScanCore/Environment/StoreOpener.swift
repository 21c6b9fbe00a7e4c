import Synchronization

/// Opens the store once, however many scans ask for it at the same moment.
final class StoreOpener: Sendable {
    private let opening = Mutex<Task<AlbumStore, any Error>?>(nil)
    private let opened = Atomic<Bool>(false)

    /// Whether the store is open (a caller got it); false while it is still being opened.
    var isOpen: Bool { opened.load(ordering: .acquiring) }

    func store(_ open: @escaping @Sendable () async throws -> AlbumStore) async throws -> AlbumStore {
        let task = opening.withLock { opening in
            let task = opening ?? Task { try await open() }
            opening = task
            return task
        }
        do {
            let store = try await task.value
            opened.store(true, ordering: .releasing)
            return store
        } catch {
            opening.withLock { $0 = nil }  // a failed open is tried again by the next caller
            throw error
        }
    }
}
