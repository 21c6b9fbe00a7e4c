import AlbumScanApp
import AlbumScanCore
import Foundation
import Synchronization

/// The animated stage line on stderr (TTY only): redrawn on a timer, cleared before results print and at the end. In
/// a batch it starts with photos done of all, the rate and the time left.
final class ProgressReporter: Sendable {
    private struct State {
        var jobs: [Int: [ProgressLine.Event]] = [:]
        /// The scan whose stage changed last; its line is the one shown.
        var current: Int?
        var drawn = ""
        var timer: (any DispatchSourceTimer)?
        /// Scans finished.
        var done = 0
    }

    private let enabled: Bool
    private let total: Int
    private let console: CommandConsole
    private let started = Date()
    private let state = Mutex(State())

    init(enabled: Bool, total: Int, console: CommandConsole) {
        self.enabled = enabled
        self.total = total
        self.console = console
    }

    func update(index: Int, stage: ScanStage) {
        guard enabled else { return }
        state.withLock { state in
            state.jobs[index, default: []].append(ProgressLine.Event(stage: stage, at: Date()))
            state.current = index
            startTimer(&state)
            redraw(&state)
        }
    }

    /// Forgets a finished scan; another running scan's line takes its place.
    func finish(index: Int) {
        guard enabled else { return }
        state.withLock { state in
            state.jobs[index] = nil
            state.done += 1
            if state.current == index { state.current = state.jobs.keys.max() }
            redraw(&state)
        }
    }

    /// Runs `body` (which prints results) with the line cleared, so output never lands mid-line.
    func withLineCleared(_ body: () -> Void) {
        guard enabled else { return body() }
        state.withLock { state in
            clear(&state)
            body()
            redraw(&state)
        }
    }

    /// Stops the animation and clears the line.
    func stop() {
        guard enabled else { return }
        state.withLock { state in
            state.timer?.cancel()
            state.timer = nil
            state.jobs = [:]
            state.current = nil
            clear(&state)
        }
    }

    private func startTimer(_ state: inout State) {
        guard state.timer == nil else { return }
        let source = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        source.schedule(deadline: .now() + 0.1, repeating: 0.1)
        source.setEventHandler { [weak self] in self?.tick() }
        source.resume()
        state.timer = source
    }

    private func tick() {
        state.withLock { redraw(&$0) }
    }

    // A batch keeps its counter on the line while no scan has a message (quick local or barcode scans, or
    // between scans); a single photo shows only its stage message.
    private func redraw(_ state: inout State) {
        let now = Date()
        let text = state.current.flatMap { state.jobs[$0] }.flatMap { ProgressLine.text($0, now: now) }
        guard total > 1 || text != nil, state.timer != nil else { return clear(&state) }
        let counter =
            total > 1 ? ProgressLine.counter(done: state.done, total: total, elapsed: now.timeIntervalSince(started)) : nil
        let words = [counter, text].compactMap { $0 }.joined(separator: " ")
        let line = TextWrap.split(words, at: max(10, console.errorWidth - 1)).0
        guard line != state.drawn else { return }
        state.drawn = line
        console.writeErr("\r\u{1B}[2K" + line)
    }

    private func clear(_ state: inout State) {
        guard !state.drawn.isEmpty else { return }
        state.drawn = ""
        console.writeErr("\r\u{1B}[2K")
    }
}
