import AlbumScanApp
import AlbumScanCore
import ArgumentParser

/// `albumscan generate-manual` (hidden): prints the albumscan(1) man page. `make install` installs its output.
struct ManualCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate-manual", abstract: "Print the albumscan(1) man page in roff.", shouldDisplay: false)

    func run(_ context: CommandContext) async throws {
        context.console.printOut(ManualPage.render())
    }
}

/// The man page, built from the commands' own --help text so it cannot drift from them.
enum ManualPage {
    /// Markdown code spans as plain text.
    static func plain(_ markdown: String) -> String {
        markdown.replacingOccurrences(of: "`", with: "")
    }

    static func render() -> String {
        let root = AlbumScanCommand.configuration
        var roff = [
            ".TH ALBUMSCAN 1 \"\" \"albumscan \(AlbumScanVersion.current)\" \"User Commands\"",
            ".SH NAME", "albumscan \\- " + escape(root.abstract),
            ".SH SYNOPSIS", ".B albumscan", ".I command", "[\\fIoptions\\fR]",
            ".SH DESCRIPTION", escape(root.discussion), ".SH COMMANDS",
        ]
        for (name, command) in commands(AlbumScanCommand.self, path: "albumscan").dropFirst() {
            roff += [".SS \(escape(name))", ".nf"]
            roff += AlbumScanCommand.helpMessage(for: command, columns: 78).split(
                separator: "\n", omittingEmptySubsequences: false
            )
            .map { escape(String($0)) }
            roff.append(".fi")
        }
        roff.append(".SH ENVIRONMENT")
        for row in EnvironmentTable.rows {
            let text = row.defaultValue == "—" ? row.meaning : "\(row.meaning) (default: \(row.defaultValue))"
            roff += [".TP", ".B \(escape(plain(row.variable)))", escape(plain(text))]
        }
        roff.append(".SH EXIT STATUS")
        for (code, text) in ExitCodes.table {
            roff += [".TP", ".B \(code)", escape(text.prefix(1).uppercased() + text.dropFirst() + ".")]
        }
        roff += [".PP", escape(ExitCodes.severityRule)]
        roff += [".SH SEE ALSO", "The README of albumscan."]
        return roff.joined(separator: "\n")
    }

    /// Every visible command under `command`, depth first, with its full name.
    static func commands(_ command: any ParsableCommand.Type, path: String) -> [(String, any ParsableCommand.Type)] {
        var found = [(path, command)]
        for sub in command.configuration.subcommands where sub.configuration.shouldDisplay {
            let name = sub.configuration.commandName ?? String(describing: sub).lowercased()
            found += commands(sub, path: "\(path) \(name)")
        }
        return found
    }

    /// Escapes backslashes and keeps every line from starting a roff request.
    static func escape(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let escaped = line.replacingOccurrences(of: "\\", with: "\\e")
            return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
        }.joined(separator: "\n")
    }
}
