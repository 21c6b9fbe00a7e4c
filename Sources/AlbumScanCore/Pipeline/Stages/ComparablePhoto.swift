import AlbumScanMatching

/// The photo as the matcher sees it, owned by its scan's `PreparedPhoto` alone. Work done for it ahead of need (its
/// features) holds it weakly: when that work waits in the background queue behind busy cores, as a session's photos
/// coming faster than the niced threads make their features do, a photo whose scan has ended is freed at once rather
/// than kept until its turn, and the turn does nothing.
final class ComparablePhoto: Sendable {
    let decoded: DecodedRGB

    init(_ decoded: DecodedRGB) {
        self.decoded = decoded
    }

    /// `work` on the photo, to run later: nothing once the photo's scan has let go of it.
    func aheadOfNeed(_ work: @escaping @Sendable (DecodedRGB) -> Void) -> @Sendable () -> Void {
        { [weak self] in
            guard let self else { return }
            work(self.decoded)
        }
    }
}
