import AlbumScanMatching
import Foundation

/// The photos of this run still being scanned, so that a later photo of the same cover waits for the earlier one
/// instead of paying to identify it again (batch duplicates).
///
/// Waiting is only an ordering hint taken on colour alone: whether the later photo really shows the same cover is
/// decided afterwards by the matcher, against the artwork the earlier scan verified.
final class RunPhotos: Sendable {
    private struct InFlight: Sendable {
        var token: UUID
        var signature: ColourSignature
        var done: Task<Void, Never>
        var finish: @Sendable () -> Void
    }

    private let inFlight = LockedBox<[InFlight]>([])

    /// Registers a photo; returns its token for `finish`, and the earlier photos still in flight whose colours are
    /// at least `floor` alike.
    func register(signature: ColourSignature, floor: Float) -> (token: UUID, earlier: [Task<Void, Never>]) {
        let token = UUID()
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        let done = Task<Void, Never> { for await _ in stream {} }
        var earlier: [Task<Void, Never>] = []
        inFlight.mutate { list in
            earlier = list.filter { $0.signature.similarity(signature) >= floor }.map(\.done)
            list.append(InFlight(token: token, signature: signature, done: done, finish: { continuation.finish() }))
        }
        return (token, earlier)
    }

    /// Marks a photo's scan as finished: photos waiting on it go ahead.
    func finish(_ token: UUID) {
        var finished: [InFlight] = []
        inFlight.mutate { list in
            finished = list.filter { $0.token == token }
            list.removeAll { $0.token == token }
        }
        finished.forEach { $0.finish() }
    }
}
