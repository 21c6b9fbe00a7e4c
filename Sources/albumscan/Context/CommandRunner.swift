import AlbumScanApp
import AlbumScanCore
import ArgumentParser

/// A command that runs on a `CommandContext` rather than on the process.
protocol ContextCommand: AsyncParsableCommand {
    func run(_ context: CommandContext) async throws
}

extension ContextCommand {
    func run() async throws { try await run(.live()) }
}

/// Parses a command line and runs the command it names on a context; returns the exit status. `main` calls it
/// with the live context, tests with a recording one.
enum CommandRunner {
    static func run(_ arguments: [String], context: CommandContext) async -> Int32 {
        do {
            var command = try AlbumScanCommand.parseAsRoot(arguments)
            if let runnable = command as? any ContextCommand {
                try await runnable.run(context)
            } else {
                // `--help`, `help` and the bare root: their `run` throws the help text, printed below.
                try command.run()
            }
            return 0
        } catch {
            let code = AlbumScanCommand.exitCode(for: error).rawValue
            if code == ExitCode.validationFailure.rawValue,
                let hint = ArgumentHints.hint(for: arguments, commands: commandNames)
            {
                context.console.printError(hint)
                return code
            }
            let message = AlbumScanCommand.fullMessage(for: error)
            if !message.isEmpty {
                if code == 0 { context.console.printOut(message) } else { context.console.printErr(message) }
            }
            return code
        }
    }

    /// The subcommands' names (and `help`), for suggestions.
    static var commandNames: [String] {
        AlbumScanCommand.configuration.subcommands.filter { $0.configuration.shouldDisplay }
            .compactMap { $0.configuration.commandName } + ["help"]
    }
}
