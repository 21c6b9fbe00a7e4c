import AlbumScanCore
import FlyingSocks
import Foundation

/// `albumscan serve`'s server: its listener on one IPv4 address (or all), the router, the job queue and the event
/// streams, scanning with the same pipeline, store, keyring and providers as `scan`, in this process.
package final class ServeServer: Sendable {
    private let listener: ServeListener
    let context: ServeContext
    private let address: String

    /// A server for `configuration`, scanning on `environment` (its shop fields are set per photo).
    package init(configuration: ServeConfiguration, environment: AppEnvironment) throws {
        let hub = EventHub(log: environment.log)
        let uploads = UploadFolder(environment: environment)
        let queue = JobQueue(
            jobs: configuration.jobs, bound: configuration.queueBound, hub: hub, uploads: uploads, now: environment.now,
            settler: JobSettler(apply: Self.settling(environment))
        ) { request, progress in
            let scanning = environment.with { settings in
                settings.shopFields = request.shopFieldsSavedWithScan
                settings.scannedPhotosKeepShopFields = true
                settings.answersFromLastTry = true
                settings.door = "page:" + request.client
                settings.skipScanned = !request.rescan
                if request.noQualityCheck { settings.qualityCheck = false }
                if request.noLocal { settings.localMatch = false }
            }
            let pipeline = ScanPipeline(environment: scanning)
            let photo = InputPath(bytes: Array(uploads.photo(of: request).path.utf8), label: request.name)
            if request.back == true {
                let back = InputPath(bytes: Array(uploads.back(of: request).path.utf8), label: "the back of " + request.name)
                return await pipeline.ready(photo, back: back, unlisted: .stop, progress: progress)
            }
            // The upload, else the same photo already moved to the kept photos (an earlier job of it just ended),
            // read once and not hashed again: its SHA-256 named the upload.
            let kept = KeptPhotos(home: environment.home).url(sha256: request.sha256)
            for file in [uploads.photo(of: request), kept] {
                // try?: a photo that cannot be read here is read by the pipeline's own reader below, which says why
                if let bytes = try? Data(contentsOf: file) {
                    return await pipeline.ready(bytes: bytes, name: request.name, sha256: request.sha256, progress: progress)
                }
            }
            return await pipeline.ready(photo, progress: progress)
        }
        context = ServeContext(configuration: configuration, environment: environment, queue: queue, hub: hub, uploads: uploads)
        address = configuration.bind ?? "0.0.0.0"
        let socketAddress: sockaddr_in
        do {
            socketAddress = try sockaddr_in.inet(ip4: address, port: configuration.port)
        } catch {
            throw AlbumScanError.usage(
                "--bind takes an IPv4 address of this machine, like 192.168.1.20; not \(SafeText.clean(address))")
        }
        // A request body is read only when a route asks for it, so a refusal (413, 401, 429) goes out before the body.
        listener = ServeListener(
            address: socketAddress, timeouts: configuration.timeouts,
            handler: RequestLog(router: ServeRouter(context: context)))
    }

    /// How a job's saved scan takes the fields typed while it ran and its SKU pattern's number (`JobSettler`),
    /// through the same store calls as `edit`, logged under the page's door.
    static func settling(_ environment: AppEnvironment) -> JobSettler.Apply {
        { scanId, client, pattern, edits in
            let stamp = environment.with { $0.door = "page:" + client }.changeStamp
            do {
                let store = try await environment.store()
                return try await store.run { database in
                    if let pattern, edits[.sku] == nil {
                        _ = try database.applyShopFields(ShopFields([.sku: pattern]), toScan: scanId, stamp: stamp)
                    }
                    if !edits.isEmpty { _ = try database.editScans([scanId...scanId], set: edits, stamp: stamp) }
                    return try database.scan(id: scanId).map { ($0.shop, $0.version) }
                }
            } catch {
                environment.log("serve: the fields typed for scan \(scanId) could not be saved: \(error)")
                return nil
            }
        }
    }

    /// What a start found: the port listened on, and the photos a previous run received but did not finish.
    package struct Started: Sendable {
        package var port: UInt16
        package var recovered: Int
    }

    /// Listens, queues the photos a previous run left unfinished, and returns; `run` then serves until cancelled.
    /// A port in use or an address that cannot be bound is a 69 naming `--port` or `--bind`.
    package func start(serving: @escaping @Sendable (Task<Void, any Error>) -> Void) async throws -> Started {
        let port: UInt16
        do {
            port = try await listener.listen()
        } catch {
            throw bindError(error)
        }
        serving(Task { [listener] in try await listener.run() })
        context.listening(addresses: addresses(), port: port)
        await prunePhotos()
        var recovered = 0
        for request in try await context.uploads.leftovers() {
            _ = context.queue.enqueue(request)
            recovered += 1
        }
        return Started(port: port, recovered: recovered)
    }

    /// Removes the kept photos of jobs that ended without a scan more than 30 days ago.
    private func prunePhotos() async {
        let environment = context.environment
        do {
            let store = try await context.store()
            let removed = try await store.run { database in
                try KeptPhotos(home: environment.home).prune(now: environment.now()) { try database.scanId(sha256: $0) != nil }
            }
            if removed > 0 { environment.log("serve: removed \(removed) photos kept 30 days without a scan") }
        } catch {
            environment.log("serve: the kept photos could not be pruned: \(error)")
        }
    }

    /// The addresses this server can be reached at, loopback first.
    package func addresses() -> [String] {
        address == "0.0.0.0" ? NetworkInterfaces.ipv4Addresses() : [address]
    }

    /// Keeps idle event streams open, every 15 s, until cancelled.
    package func heartbeat() async {
        while !Task.isCancelled {
            do {
                try await context.environment.sleep(15)
            } catch {
                return
            }
            context.hub.heartbeat()
        }
    }

    /// Stops: no new scans, running ones cancelled (they end `interrupted`), streams closed, the socket closed.
    /// Returns how many scans were cut short.
    package func stop() async -> Int {
        let cut = await context.queue.stop()
        context.linksFill.stop()
        context.hub.finishAll()
        await listener.stop(timeout: .seconds(2))
        return cut
    }

    private func bindError(_ error: any Error) -> AlbumScanError {
        if case SocketError.failed(_, let number, let message) = error {
            if number == EADDRINUSE || number == EACCES {
                let why = number == EADDRINUSE ? "is in use" : "needs privileges"
                return .serviceUnreachable("port \(context.configuration.port) \(why); choose another with --port")
            }
            return .serviceUnreachable("cannot listen on \(address): \(message); choose another address with --bind")
        }
        return .serviceUnreachable("cannot listen on \(address):\(context.configuration.port): \(error); check --bind and --port")
    }
}
