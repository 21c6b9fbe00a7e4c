import AlbumScanCore
import Foundation

/// The animated stage line on stderr (TTY only): redrawn on a timer, cleared before results print and at the end.
final class ProgressReporter: @unchecked Sendable {
    private let enabled: Bool
    private let total: Int
    private let console: CommandConsole
    private let lock = NSLock()
    private var jobs: [Int: [ProgressLine.Event]] = [:]
    /// The scan whose stage changed last; its line is the one shown.
    private var current: Int?
    private var drawn = ""
    private var timer: (any DispatchSourceTimer)?

    init(enabled: Bool, total: Int, console: CommandConsole) {
        self.enabled = enabled
        self.total = total
        self.console = console
    }

    func update(index: Int, stage: ScanStage) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        jobs[index, default: []].append(ProgressLine.Event(stage: stage, at: Date()))
        current = index
        startTimerLocked()
        redrawLocked()
    }

    /// Forgets a finished scan; another running scan's line takes its place.
    func finish(index: Int) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        jobs[index] = nil
        if current == index { current = jobs.keys.max() }
        redrawLocked()
    }

    /// Runs `body` (which prints results) with the line cleared, so output never lands mid-line.
    func withLineCleared(_ body: () -> Void) {
        guard enabled else { return body() }
        lock.lock()
        defer { lock.unlock() }
        clearLocked()
        body()
        redrawLocked()
    }

    /// Stops the animation and clears the line.
    func stop() {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        timer?.cancel()
        timer = nil
        jobs = [:]
        current = nil
        clearLocked()
    }

    private func startTimerLocked() {
        guard timer == nil else { return }
        let source = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        source.schedule(deadline: .now() + 0.1, repeating: 0.1)
        source.setEventHandler { [weak self] in self?.tick() }
        source.resume()
        timer = source
    }

    private func tick() {
        lock.lock()
        defer { lock.unlock() }
        redrawLocked()
    }

    private func redrawLocked() {
        guard let current, let events = jobs[current], let text = ProgressLine.text(events, now: Date()) else {
            return clearLocked()
        }
        let counter = total > 1 ? "[\(current + 1) of \(total)] " : ""
        let line = TextWrap.split(counter + text, at: max(10, console.errorWidth - 1)).0
        guard line != drawn else { return }
        drawn = line
        console.writeErr("\r\u{1B}[2K" + line)
    }

    private func clearLocked() {
        guard !drawn.isEmpty else { return }
        drawn = ""
        console.writeErr("\r\u{1B}[2K")
    }
}
