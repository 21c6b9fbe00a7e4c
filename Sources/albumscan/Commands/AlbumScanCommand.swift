import AlbumScanApp
import AlbumScanCore
import ArgumentParser

/// The `albumscan` command: subcommands for scanning, history and the account.
struct AlbumScanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "albumscan",
        abstract: "Identify an album from a photo of its cover, with real artwork and an honest review.",
        discussion: """
            Set OPENAI_API_KEY for live scans, or use --replay DIR to scan offline from recordings.
            State (database, keyring, caches) lives in ALBUMSCAN_HOME (default ~/.local/share/albumscan).
            """,
        version: AlbumScanVersion.current,
        subcommands: [
            ScanCommand.self, ServeCommand.self, EvalCommand.self, HistoryCommand.self, ShowCommand.self, EditCommand.self, DeleteCommand.self,
            AccountCommand.self,
            ManualCommand.self,
        ]
    )
}
