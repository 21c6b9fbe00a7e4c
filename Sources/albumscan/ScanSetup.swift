import AlbumScanCore
import Foundation

/// Chooses the transport (live, recording or replay) and assembles the pipeline.
struct ScanSetup {
    let context: AppContext
    let record: String?
    let replay: String?
    /// The `--verbose` sink, shared with the CLI's stage lines so their timestamps agree.
    let log: @Sendable (String) -> Void

    func pipeline() throws -> ScanPipeline {
        var settings = context.settings
        let transport: any HTTPTransport
        if let replay, !replay.isEmpty {
            transport = try ReplayTransport(directory: URL(fileURLWithPath: replay))
            // Recordings hold no key, and nothing leaves the machine, so any placeholder works.
            if settings.openAIKey?.isEmpty ?? true { settings.openAIKey = "replay" }
        } else if let record, !record.isEmpty {
            transport = try RecordingTransport(
                inner: CurlTransport(), directory: URL(fileURLWithPath: record), secrets: [settings.openAIKey ?? ""])
        } else {
            transport = CurlTransport()
        }
        let environment = ScanEnvironment(
            settings: settings, transport: transport, home: context.home, log: log,
            spaceMusicBrainzRequests: replay?.isEmpty ?? true)
        return ScanPipeline(
            environment: environment, store: try context.openStore(), keyring: context.openKeyring(),
            prompts: PromptLibrary(overrideDirectory: settings.promptsDirectory))
    }
}
