import AlbumScanCore
import Foundation
import Synchronization

/// What the routes share: the configuration, the environment (store, pipeline settings), the job queue, the event
/// streams, and the names this server answers to (known once it listens).
struct ServeContext: Sendable {
    let configuration: ServeConfiguration
    let environment: AppEnvironment
    let queue: JobQueue
    let hub: EventHub
    let uploads: UploadFolder
    let cookie: SessionCookie
    let reader: BodyReader
    /// The fill of pending Discogs links that exports start.
    let linksFill: LinksFillJob
    private let names: NamesBox

    init(configuration: ServeConfiguration, environment: AppEnvironment, queue: JobQueue, hub: EventHub, uploads: UploadFolder) {
        (self.configuration, self.environment, self.queue, self.hub) = (configuration, environment, queue, hub)
        self.uploads = uploads
        cookie = SessionCookie(token: configuration.token)
        reader = BodyReader(cap: configuration.maxBytes)
        linksFill = LinksFillJob(hub: hub, now: environment.now)
        names = NamesBox(HostAllowList(addresses: [], machineName: nil, port: configuration.port))
    }

    /// The names this server answers to.
    var allowList: HostAllowList { names.value.withLock { $0 } }

    /// Set once the server listens (the port may have been chosen by the system).
    func listening(addresses: [String], machineName: String? = NetworkInterfaces.machineName(), port: UInt16) {
        names.value.withLock { $0 = HostAllowList(addresses: addresses, machineName: machineName, port: port) }
    }

    /// The store, opened on first use.
    func store() async throws -> AlbumStore { try await environment.store() }
}

/// The allow list behind a lock, in a class so the context that holds it can be copied.
final class NamesBox: Sendable {
    let value: Mutex<HostAllowList>
    init(_ list: HostAllowList) { value = Mutex(list) }
}
