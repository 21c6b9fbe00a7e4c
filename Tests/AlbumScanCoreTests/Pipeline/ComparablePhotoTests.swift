import Foundation
import Testing

@testable import AlbumScanCore
@testable import AlbumScanMatching

/// A photo's features made ahead of need wait in a pool's queue; the queue must not keep the photo of a scan that
/// has ended (a session of hundreds of photos grew by their decoded pixels while the niced pool fell behind).
@Suite struct ComparablePhotoTests {
    static func photo() -> ComparablePhoto {
        ComparablePhoto(DecodedRGB(pixels: [UInt8](repeating: 128, count: 32 * 32 * 3), width: 32, height: 32))
    }

    @Test func queuedWorkLetsTheEndedScansPhotoGoAndThenDoesNothing() async throws {
        let pool = BlockingPool(maxThreads: 1)
        // The pool's one thread is busy (its own thread, not the test's), so the work below waits in the queue.
        let busy = DispatchSemaphore(value: 0)
        pool.start { busy.wait() }
        let ran = LockedBox(0)
        weak var held: ComparablePhoto?
        do {
            let photo = Self.photo()
            held = photo
            pool.start(photo.aheadOfNeed { _ in ran.mutate { $0 += 1 } })
        }
        #expect(held == nil, "the queued work does not keep the photo once its scan let go of it")
        busy.signal()
        // One thread, first come first served: this runs after the queued work.
        try await pool.run {}
        #expect(ran.value == 0)
    }

    @Test func queuedWorkRunsWhileTheScanHoldsThePhoto() async throws {
        let pool = BlockingPool(maxThreads: 1)
        let photo = Self.photo()
        let widths = LockedBox<[Int]>([])
        pool.start(photo.aheadOfNeed { decoded in widths.mutate { $0.append(decoded.width) } })
        try await pool.run {}
        #expect(widths.value == [32])
        withExtendedLifetime(photo) {}
    }
}
