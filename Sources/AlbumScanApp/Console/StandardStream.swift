import AlbumScanCore
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// stdout or stderr, written whole with `write(2)` under a lock; after the first error it drops further writes.
package final class StandardStream: TextStream, Sendable {
    /// The process's stdout, where results go.
    package static let output = StandardStream(descriptor: STDOUT_FILENO)
    /// The process's stderr, where progress, warnings and errors go.
    package static let error = StandardStream(descriptor: STDERR_FILENO)

    private let descriptor: Int32
    private let firstError = Mutex<Int32?>(nil)

    package init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Writes `text`; false when it (or an earlier write) failed.
    @discardableResult
    package func write(_ text: String) -> Bool {
        firstError.withLock { firstError in
            guard firstError == nil else { return false }
            firstError = DescriptorWrite.all(Data(text.utf8), to: descriptor)
            return firstError == nil
        }
    }

    /// Syncs a regular file to disk (a pipe or terminal has nothing to sync); false when that, or an earlier write,
    /// failed. `history --mark-exported` marks nothing unless this holds.
    package func flush() -> Bool {
        firstError.withLock { firstError in
            guard firstError == nil else { return false }
            var status = stat()
            guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return true }
            if fsync(descriptor) != 0 { firstError = errno }
            return firstError == nil
        }
    }

    /// The errno of the first failed write, if any.
    package var failure: Int32? { firstError.withLock { $0 } }
}
