import CCurl
import Foundation
import Synchronization

private let curlGlobalInit: Void = { albumscan_curl_global_init(Int(CURL_GLOBAL_DEFAULT)) }()

// Why one multi handle instead of a blocking curl_easy_perform per request: on Linux the GCD pool and
// the cooperative pool have about one worker per core, so blocking calls there serialise a batch
// (12 scans of a 3 s model call took 9 s on 2 cores). One thread polling every socket keeps any number
// of transfers in flight, and the multi handle's connection cache shares connections between them.

/// Drives every transfer of one transport on a thread it owns, with libcurl's multi interface.
///
/// Other threads only hand work over through the locked inbox and wake the thread with
/// `curl_multi_wakeup`; the multi handle, the easy handles and `active` belong to the loop's thread.
// Unchecked: the curl handles, `active` and `idle` are touched only on the loop's own thread; other threads use the inbox.
final class CurlEventLoop: @unchecked Sendable {
    /// Work handed over by other threads.
    private struct Inbox {
        var submitted: [CurlTransfer] = []
        var cancelled: [CurlTransfer] = []
        var stopping = false
    }

    /// Easy handles kept for reuse once their transfer ends.
    private static let idleLimit = 16

    private let multi: UnsafeMutableRawPointer?
    private let inbox = Mutex(Inbox())
    private var active: [UnsafeMutableRawPointer: (transfer: CurlTransfer, easy: CurlEasy)] = [:]
    private var idle: [CurlEasy] = []

    init() {
        _ = curlGlobalInit
        multi = albumscan_curl_multi_init()
        guard let multi else { return }
        albumscan_curl_multi_set_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
        let thread = Thread { [self] in run() }
        thread.name = "albumscan-curl"
        thread.start()
    }

    /// Queues `transfer` for the loop's thread; it is finished at once if the loop cannot take it.
    func submit(_ transfer: CurlTransfer) {
        guard let multi else { return transfer.finish(.failure(Self.unavailable)) }
        let accepted = inbox.withLock { inbox in
            guard !inbox.stopping else { return false }
            inbox.submitted.append(transfer)
            return true
        }
        guard accepted else { return transfer.finish(.failure(Self.stopped)) }
        albumscan_curl_multi_wakeup(multi)
    }

    /// Marks `transfer` cancelled and wakes the loop to remove it from the multi handle.
    func cancel(_ transfer: CurlTransfer) {
        transfer.cancel()
        guard let multi else { return }
        inbox.withLock { $0.cancelled.append(transfer) }
        albumscan_curl_multi_wakeup(multi)
    }

    /// Ends the loop: waiting transfers fail and every handle is freed on the loop's thread.
    func stop() {
        guard let multi else { return }
        inbox.withLock { $0.stopping = true }
        albumscan_curl_multi_wakeup(multi)
    }

    private static let stopped = HTTPTransportError.failed("http transport stopped")

    /// Why no transfer can run: libcurl could not be opened, or made no multi handle.
    private static var unavailable: HTTPTransportError {
        guard let reason = albumscan_curl_load_error() else { return .failed("libcurl could not start") }
        return .failed("libcurl could not be loaded (\(String(cString: reason)))")
    }

    private func run() {
        var running: Int32 = 0
        while true {
            let work = inbox.withLock { inbox in
                let work = inbox
                inbox.submitted = []
                inbox.cancelled = []
                return work
            }
            if work.stopping {
                work.submitted.forEach { $0.finish(.failure(Self.stopped)) }
                break
            }
            work.submitted.forEach(start)
            work.cancelled.forEach(abort)
            albumscan_curl_multi_perform(multi, &running)
            collectFinished()
            // Sleeps until a socket is ready, curl's next timer is due, or another thread calls wakeup.
            albumscan_curl_multi_poll(multi, nil, 0, 1000, nil)
        }
        shutDown()
    }

    private func start(_ transfer: CurlTransfer) {
        guard !transfer.isCancelled else { return transfer.finish(.failure(CancellationError())) }
        let easy = idle.popLast() ?? CurlEasy()
        do {
            try easy.prepare(transfer.request)
        } catch {
            recycle(easy)
            return transfer.finish(.failure(error))
        }
        guard let handle = easy.handle, albumscan_curl_multi_add_handle(multi, handle) == CURLM_OK else {
            recycle(easy)
            return transfer.finish(.failure(HTTPTransportError.failed("libcurl could not start the transfer")))
        }
        active[handle] = (transfer, easy)
    }

    private func abort(_ transfer: CurlTransfer) {
        guard let handle = active.first(where: { $0.value.transfer === transfer })?.key else { return }
        end(handle) { _ in .failure(CancellationError()) }
    }

    private func collectFinished() {
        var left: Int32 = 0
        while let message = albumscan_curl_multi_info_read(multi, &left) {
            guard albumscan_curl_msg_is_done(message) != 0, let handle = message.pointee.easy_handle,
                active[handle] != nil
            else { continue }
            // Read before removing the handle: that frees the message.
            let code = albumscan_curl_msg_result(message)
            end(handle) { $0.outcome(code) }
        }
    }

    /// Takes `handle` off the multi handle, keeps its easy handle for reuse and resumes the waiting task.
    private func end(_ handle: UnsafeMutableRawPointer, with result: (CurlEasy) -> Result<HTTPResponse, any Error>) {
        guard let entry = active.removeValue(forKey: handle) else { return }
        albumscan_curl_multi_remove_handle(multi, handle)
        let outcome = result(entry.easy)
        recycle(entry.easy)
        entry.transfer.finish(outcome)
    }

    private func recycle(_ easy: CurlEasy) {
        easy.release()
        if idle.count < Self.idleLimit { idle.append(easy) }
    }

    private func shutDown() {
        for handle in Array(active.keys) { end(handle) { _ in .failure(Self.stopped) } }
        idle = []
        albumscan_curl_multi_cleanup(multi)
    }
}
