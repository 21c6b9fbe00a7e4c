import AlbumScanApp
import AlbumScanCore
import AlbumScanServe
import ArgumentParser
import Foundation

#if canImport(Glibc)
    import CMalloc
#endif

/// `albumscan serve`: the phone as the camera. A page on the local network that uploads photos into the same
/// pipeline and catalogue as `scan`, until SIGINT or SIGTERM.
struct ServeCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a page that phones on this network open to scan covers with their camera.",
        discussion: """
            Prints a pairing link per address (and a QR code of the first one that is not loopback); the link's token \
            (in $ALBUMSCAN_HOME/serve-token) is traded for a cookie on the first visit. Scripts send \
            Authorization: Bearer TOKEN. Runs until Ctrl-C: exit 0, or 130/143 when scans in flight were cut short.
            """)

    @Option(help: "The port to listen on.")
    var port = 8750

    @Option(help: ArgumentHelp("The IPv4 address to listen on (default: every interface).", valueName: "address"))
    var bind: String?

    @Option(name: .shortAndLong, help: "Scans to run at once (1-16); as many more photos are prepared meanwhile.")
    var jobs = 4

    @Flag(help: "Make a new pairing token: the old one and every cookie it granted stop working.")
    var newToken = false

    @Option(help: "Save every HTTP exchange to this folder, secrets redacted (also ALBUMSCAN_RECORD).")
    var record: String?

    @Option(help: "Answer every HTTP request from recordings in this folder, with no network (also ALBUMSCAN_REPLAY).")
    var replay: String?

    @Option(help: "Model provider: openai, anthropic, gemini or openai-compatible (also ALBUMSCAN_PROVIDER).")
    var provider: String?

    @OptionGroup(title: "Shop fields (the session's defaults: shown on the page, saved with every photo unless changed there)")
    var shop: ShopFieldOptions

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard (1...16).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 16") }
        if record != nil, replay != nil { throw ValidationError("--record and --replay cannot be used together") }
        if let provider, ProviderKind(name: provider) == nil {
            throw ValidationError("--provider must be \(ProviderKind.names), not \(provider)")
        }
    }

    func run(_ context: CommandContext) async throws {
        #if canImport(Glibc)
            // A session's scans come and go for hours in one arena (main.swift). Their large buffers (pixels, scale
            // spaces) each get a mapping of their own, returned when freed, so the small blocks a session keeps (its
            // jobs, caches) cannot pin the pages those buffers leave in the arena: 500 photos grew the process by
            // 10-40 MB without this, 3-4 MB with it (bench row 31). The cost, their pages faulted in afresh, is about
            // 14 ms a scan (main.swift), against seconds for a scan's model call.
            mallopt(M_MMAP_THRESHOLD, 128 * 1024)
        #endif
        let console = context.console
        try await ExitCodes.reporting(on: console) {
            let defaults = ShopFields(try shop.values())
            // Every photo of the session takes the default: one plain SKU for them all is refused before listening.
            try SKUPattern.checkDefault(defaults.sku)
            let mode = try context.transportMode(record: record, replay: replay)
            let setup = try context.setup(
                verbose: output.verbose, transportMode: mode, provider: provider.flatMap(ProviderKind.init(name:)))
            if let missing = setup.environment.missingKey() { throw missing }
            let server = try ServeServer(
                configuration: try configuration(context: context, home: setup.environment.home, defaults: defaults),
                environment: setup.environment)
            let interruption = context.interruption()
            let outcome = await interruption.run { () async -> Result<Int, AlbumScanError> in
                do {
                    let started = try await server.start { _ in }
                    ServeBanner(addresses: server.addresses(), port: started.port, token: try token(setup.environment.home))
                        .print(
                            on: console, jobs: jobs, recovered: started.recovered, colour: console.useColor(output.color))
                } catch let error as AlbumScanError {
                    _ = await server.stop()
                    return .failure(error)
                } catch {
                    _ = await server.stop()
                    return .failure(.storage("the server could not start: \(error)"))
                }
                await server.heartbeat()
                return .success(await server.stop())
            }
            let cut = try outcome.get()
            if cut > 0 {
                console.printError(
                    "stopped: \(cut) scans were cut short and saved nothing (a model call already sent may still be billed by the provider)"
                )
                throw ExitCode(interruption.exitStatus ?? 130)
            }
            console.printError("stopped")
        }
    }

    /// The token, read again (start made it, so the banner shows what the file holds).
    private func token(_ home: URL) throws -> String { try PairingToken.load(home: home, renew: false) }

    private func configuration(context: CommandContext, home: URL, defaults: ShopFields) throws -> ServeConfiguration {
        let token = try PairingToken.load(home: home, renew: newToken)
        var configuration = ServeConfiguration(token: token)
        configuration.port = UInt16(port)
        configuration.bind = bind
        configuration.jobs = jobs
        configuration.defaults = defaults
        let environment = context.processEnvironment
        if let text = environment["ALBUMSCAN_SERVE_MAX_BYTES"] {
            guard let value = Int(text), value > 0 else {
                throw AlbumScanError.configuration(
                    "ALBUMSCAN_SERVE_MAX_BYTES must be a number of bytes, not \(SafeText.clean(text))")
            }
            configuration.maxBytes = value
        }
        if let text = environment["ALBUMSCAN_SERVE_QUEUE"] {
            guard let value = Int(text), value > 0 else {
                throw AlbumScanError.configuration(
                    "ALBUMSCAN_SERVE_QUEUE must be a number of photos, not \(SafeText.clean(text))")
            }
            configuration.queueBound = value
        }
        return configuration
    }
}
