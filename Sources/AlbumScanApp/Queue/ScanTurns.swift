import AlbumScanCore
import Foundation
import Synchronization

/// The one scan queue both doors feed (`scan --jobs` through `BatchRunner`, `serve` through `JobQueue`): photos take
/// a ticket as they arrive; up to `jobs + ahead` of them are read and prepared at once, in ticket order; and at most
/// `jobs` are in their turn (identifying, checking, saving) at once, turns given in ticket order, so scans are
/// numbered as the photos came and the later of two photos of one cover is the duplicate. Reading ahead keeps the
/// model busy: with the decoding and measuring inside the turn, eight jobs at a 1 s model took 1.24× the
/// model-bound time on two cores. Once stopped (or its task cancelled), nothing new starts.
package final class ScanTurns: Sendable {
    /// One photo's place in the queue.
    package struct Ticket: Sendable, Hashable {
        fileprivate let number: Int
    }

    private struct State {
        var issued = 0
        var nextToPrepare = 0
        var preparing = 0
        var prepareWaiters: [Int: CheckedContinuation<Bool, Never>] = [:]
        var nextTurn = 0
        var inTurn = 0
        var turnWaiters: [Int: CheckedContinuation<Bool, Never>] = [:]
        /// Tickets that gave up before their reading: passed over in order.
        var passedReading: Set<Int> = []
        /// Tickets that will not take their turn (ended in preparation, or gave up): passed over in order.
        var passed: Set<Int> = []
        /// Tickets holding a place in the reading, or a turn, until `done`.
        var reading: Set<Int> = []
        var turns: Set<Int> = []
        var stopped = false

        /// The waiters that may go now, and whether each goes (false once stopped).
        mutating func grants(jobs: Int, ahead: Int) -> [(CheckedContinuation<Bool, Never>, Bool)] {
            if stopped {
                defer { (prepareWaiters, turnWaiters) = ([:], [:]) }
                return (Array(prepareWaiters.values) + Array(turnWaiters.values)).map { ($0, false) }
            }
            var granted: [(CheckedContinuation<Bool, Never>, Bool)] = []
            while preparing < jobs + ahead {
                if passedReading.remove(nextToPrepare) != nil {
                    nextToPrepare += 1
                } else if let waiter = prepareWaiters.removeValue(forKey: nextToPrepare) {
                    reading.insert(nextToPrepare)
                    (nextToPrepare, preparing) = (nextToPrepare + 1, preparing + 1)
                    granted.append((waiter, true))
                } else {
                    break
                }
            }
            while inTurn < jobs {
                if passed.remove(nextTurn) != nil {
                    nextTurn += 1
                } else if let waiter = turnWaiters.removeValue(forKey: nextTurn) {
                    turns.insert(nextTurn)
                    (nextTurn, inTurn) = (nextTurn + 1, inTurn + 1)
                    granted.append((waiter, true))
                } else {
                    break
                }
            }
            return granted
        }
    }

    package let jobs: Int
    package let ahead: Int
    private let state = Mutex(State())

    /// `ahead` photos prepared beyond the `jobs` in their turn (0: each is prepared in its turn, as `eval` times them).
    package init(jobs: Int, ahead: Int? = nil) {
        (self.jobs, self.ahead) = (jobs, ahead ?? jobs)
    }

    /// A ticket for a photo that has arrived: its place in the order.
    package func ticket() -> Ticket {
        state.withLock { state in
            defer { state.issued += 1 }
            return Ticket(number: state.issued)
        }
    }

    /// Runs `ticket`'s photo: `prepare` once its place in the reading comes, then (unless it ended there) the rest
    /// of the scan in its turn. Nil when the queue stopped, its task was cancelled or `shouldStart` said no before
    /// the photo was prepared; `interrupted`'s answer when that happened before its turn (the prepared photo is
    /// left unscanned). The ticket holds its place until `done`: call it once the result is handed over, whatever
    /// the result, so the next photo is read (and the next turn given) only after this one's result is out.
    package func run(
        _ ticket: Ticket, shouldStart: @Sendable () -> Bool = { true }, interrupted: (ReadyScan) -> ScanResult? = { _ in nil },
        prepare: () async -> ReadyScan
    ) async -> ScanResult? {
        guard shouldStart(), await wait(ticket, forTurn: false) else { return nil }
        let ready = await prepare()
        if let ended = ready.ended { return ended }
        guard await wait(ticket, forTurn: true), shouldStart() else { return interrupted(ready) }
        return await ready.finish()
    }

    /// The ticket's result was handed over (or it gave up): its place in the reading and its turn go to the next.
    package func done(_ ticket: Ticket) {
        resume(state.withLock { state in
            let number = ticket.number
            if state.turns.remove(number) != nil {
                state.inTurn -= 1
            } else if number >= state.nextTurn {
                state.passed.insert(number)
            }
            if state.reading.remove(number) != nil {
                state.preparing -= 1
            } else if number >= state.nextToPrepare {
                state.passedReading.insert(number)
            }
            return state.grants(jobs: jobs, ahead: ahead)
        })
    }

    /// Stops the queue: waiting photos go no further.
    package func stop() {
        resume(state.withLock { state in
            state.stopped = true
            return state.grants(jobs: jobs, ahead: ahead)
        })
    }

    /// Waits for the ticket's place in the reading or its turn; false when stopped or cancelled first.
    private func wait(_ ticket: Ticket, forTurn: Bool) async -> Bool {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let granted = state.withLock { state -> [(CheckedContinuation<Bool, Never>, Bool)] in
                    if state.stopped || Task.isCancelled { return [(continuation, false)] }
                    if forTurn {
                        state.turnWaiters[ticket.number] = continuation
                    } else {
                        state.prepareWaiters[ticket.number] = continuation
                    }
                    return state.grants(jobs: jobs, ahead: ahead)
                }
                resume(granted)
            }
        } onCancel: {
            // One cancelled batch cancels every waiting photo's task: the queue is done.
            stop()
        }
    }

    private func resume(_ granted: [(CheckedContinuation<Bool, Never>, Bool)]) {
        for (waiter, goes) in granted { waiter.resume(returning: goes) }
    }
}
