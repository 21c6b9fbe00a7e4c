import AlbumScanApp
import AlbumScanCore
import ArgumentParser
import Foundation

/// `albumscan account`: tier, advanced search and quota.
struct AccountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account", abstract: "Show or change the tier, advanced search and scan quota.",
        subcommands: [AccountStatusCommand.self, SetTierCommand.self, SetLimitCommand.self, AdvancedSearchCommand.self],
        defaultSubcommand: AccountStatusCommand.self)
}

/// `albumscan account` with no subcommand.
struct AccountStatusCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show tier, scans used and remaining, and when the quota resets.")

    @OptionGroup var output: OutputOptions

    func run(_ context: CommandContext) async throws {
        try await ExitCodes.reporting(on: context.console) {
            let setup = try context.setup(verbose: output.verbose, readOnly: true)
            try await AccountPrinter(setup: setup, json: output.json).print()
        }
    }
}

/// `albumscan account set-tier free|base|ultra`.
struct SetTierCommand: ContextCommand {
    static let configuration = CommandConfiguration(commandName: "set-tier", abstract: "Change the tier: free, base or ultra.")

    @Argument(help: "free, base or ultra.")
    var tier: Tier

    @OptionGroup var output: OutputOptions

    func run(_ context: CommandContext) async throws {
        try await ExitCodes.reporting(on: context.console) {
            let setup = try context.setup(verbose: output.verbose)
            let (keyring, tier) = (setup.environment.keyring, self.tier)
            try await setup.environment.offload { try keyring.setTier(tier) }
            try await AccountPrinter(setup: setup, json: output.json).print()
        }
    }
}

/// `albumscan account set-limit N|unlimited|tier`: the monthly number of paid scans this keyring allows.
struct SetLimitCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-limit",
        abstract: "Set the monthly number of paid (model) scans allowed, in place of the tier's cap.",
        discussion:
            "Free scans (local, barcode, duplicate) never count. `unlimited` removes the cap; `tier` returns to the tier's.")

    @Argument(help: "A number of scans a month (0 or more), unlimited, or tier.")
    var limit: String

    @OptionGroup var output: OutputOptions

    /// The words `set-limit` takes, for its usage error.
    static let acceptedForms = "a number of scans a month (0 or more), `unlimited`, or `tier` (the tier's own cap)"

    /// The limit to store; nil for `tier`.
    static func parse(_ text: String) throws -> ScanLimit? {
        if text == "tier" { return nil }
        guard let limit = ScanLimit(text: text) else {
            throw ValidationError("set-limit takes \(acceptedForms), not \(SafeText.clean(text))")
        }
        return limit
    }

    func validate() throws { _ = try Self.parse(limit) }

    func run(_ context: CommandContext) async throws {
        try await ExitCodes.reporting(on: context.console) {
            let setup = try context.setup(verbose: output.verbose)
            let (keyring, limit) = (setup.environment.keyring, try Self.parse(self.limit))
            try await setup.environment.offload { try keyring.setLimit(limit) }
            try await AccountPrinter(setup: setup, json: output.json).print()
        }
    }
}

/// `albumscan account advanced-search on|off` (Ultra only).
struct AdvancedSearchCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "advanced-search", abstract: "Turn Ultra's advanced search (web-searched reviews with sources) on or off.")

    @Argument(help: "on or off.")
    var setting: Switch

    @OptionGroup var output: OutputOptions

    func run(_ context: CommandContext) async throws {
        try await ExitCodes.reporting(on: context.console) {
            let setup = try context.setup(verbose: output.verbose)
            let (keyring, on) = (setup.environment.keyring, setting == .on)
            try await setup.environment.offload { try keyring.setAdvancedSearch(on) }
            try await AccountPrinter(setup: setup, json: output.json).print()
        }
    }

    enum Switch: String, ExpressibleByArgument { case on, off }
}

extension Tier: ExpressibleByArgument {}
