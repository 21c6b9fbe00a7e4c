import AlbumScanTestSupport
import Foundation

@testable import AlbumScanApp
@testable import albumscan

/// A stream that keeps what a command wrote, for in-process tests.
final class RecordedStream: TextStream, Sendable {
    private let written = LockedValue("")

    @discardableResult
    func write(_ text: String) -> Bool {
        written.withLock { $0 += text }
        return true
    }

    var failure: Int32? { nil }

    /// Everything written so far.
    var text: String { written.current }
}
