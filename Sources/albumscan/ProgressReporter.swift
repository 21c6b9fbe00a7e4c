import AlbumScanCore
import Foundation

/// The seed's stage messages on stderr, only on a TTY; cleared before results print.
final class ProgressReporter: @unchecked Sendable {
    private let enabled: Bool
    private let total: Int
    private let lock = NSLock()

    init(enabled: Bool, total: Int) {
        self.enabled = enabled
        self.total = total
    }

    func update(index: Int, stage: ScanStage) {
        guard enabled, let message = Self.message(for: stage) else { return }
        let counter = total > 1 ? "[\(index + 1) of \(total)] " : ""
        write("\r\u{1B}[2K" + counter + SafeText.clean(message))
    }

    func clear() {
        guard enabled else { return }
        write("\r\u{1B}[2K")
    }

    static func message(for stage: ScanStage) -> String? {
        switch stage {
        case .preparing, .saving: nil
        case .identifying: "Extracting text and examining album art..."
        case .searching: "Flipping through every record bin in existence..."
        case .found(let album): "We found \(album.title) by \(album.artist)"
        case .reviewing: "Writing a review that's somehow both pretentious and correct..."
        }
    }

    private func write(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        FileHandle.standardError.write(Data(text.utf8))
    }
}
