import AlbumScanApp
import AlbumScanCore
import Foundation

/// What every command runs on: the console, the process environment, the clock and the raw arguments. `main`
/// builds the live one; tests build one with a recording console and an environment of their own, and run
/// commands in-process through `CommandRunner`.
struct CommandContext: Sendable {
    var console: CommandConsole
    /// The process environment the command sees (never `ProcessInfo` directly).
    var processEnvironment: [String: String]
    var now: @Sendable () -> Date
    /// The arguments as the shell passed them, to recover file names that are not UTF-8.
    var rawArguments: [[UInt8]]
    /// Whether SIGINT and SIGTERM stop a batch (the live process); in-process tests leave the signals alone.
    var listensForSignals: Bool
    /// Standard input, read to its end (`scan -`).
    var standardInput: @Sendable () throws -> Data = { try FileHandle.standardInput.readToEnd() ?? Data() }

    /// The running process: its stdout, stderr, environment, argv and signals.
    static func live() -> CommandContext {
        let environment = ProcessInfo.processInfo.environment
        return CommandContext(
            console: .live(environment: environment), processEnvironment: environment, now: { Date() },
            rawArguments: RawArguments.raw, listensForSignals: true)
    }

    /// The environment, built from the config file and this context's process environment (which wins).
    /// `readOnly` commands (`history`, `show`, `account`) create no state folder.
    func setup(
        verbose: Bool, transportMode: TransportMode = .live, provider: ProviderKind? = nil,
        overriding overrides: [String: String] = [:], readOnly: Bool = false, storeOnly: Bool = false
    ) throws -> AppSetup {
        try AppSetup.load(
            verbose: verbose, transportMode: transportMode, provider: provider,
            processEnvironment: processEnvironment.merging(overrides) { $1 }, console: console, now: now,
            readOnly: readOnly, storeOnly: storeOnly)
    }

    /// The transport mode from `--record`/`--replay`, else ALBUMSCAN_RECORD/ALBUMSCAN_REPLAY.
    func transportMode(record: String?, replay: String?) throws -> TransportMode {
        try TransportMode.choose(
            record: record ?? processEnvironment["ALBUMSCAN_RECORD"], replay: replay ?? processEnvironment["ALBUMSCAN_REPLAY"])
    }

    /// The bytes the shell passed for `argument` (see `RawArguments`).
    func bytes(of argument: String) -> [UInt8] {
        RawArguments.bytes(argument, among: rawArguments)
    }

    /// Stops `work` on SIGINT or SIGTERM when this context listens for signals.
    func interruption() -> Interruption {
        Interruption(listening: listensForSignals)
    }
}
