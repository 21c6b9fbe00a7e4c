import AlbumScanApp
import AlbumScanApp
import AlbumScanCore
import Foundation

/// Better words for two command lines the parser answers poorly: a mistyped command name (`albumscan histroy`),
/// and a negative scan id (`show -1`, which the parser reads as an option and reports as a missing value). Pure;
/// consulted only when parsing has already failed, so it never changes what a valid command line does.
enum ArgumentHints {
    /// The commands whose arguments are scan ids.
    static let idCommands: Set = ["show", "delete", "edit"]

    /// One line for a command line that failed to parse, nil when there is nothing better to say than the parser.
    static func hint(for arguments: [String], commands: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        if !commands.contains(first) {
            if let nearest = nearest(to: first, among: commands) {
                return
                    "unknown command '\(SafeText.clean(first))'; did you mean `albumscan \(nearest)`? (`albumscan --help` lists the commands)"
            }
            if first.contains(".") || first.contains("/") {
                return
                    "unknown command '\(SafeText.clean(first))'; to scan a photo, run `albumscan scan \(ShellWord.quoted(first))`"
            }
            return "unknown command '\(SafeText.clean(first))'; the commands are \(commands.joined(separator: ", "))"
        }
        if idCommands.contains(first), let negative = arguments.dropFirst().first(where: isNegativeNumber) {
            return "'\(negative)' is not a scan id: ids are whole numbers from 1, as `albumscan history` lists them"
        }
        return outOfRange(arguments)
    }

    /// The values the options and arguments that take a number accept, for "out of range".
    static let ranges: [String: String] = [
        "--limit": "a whole number from 1 to 10000",
        "--before": "a scan id, a whole number from 1",
        "--jobs": "a whole number from 1 to 16",
        "set-limit": "a number of scans a month (0 or more), unlimited, or tier",
    ]

    /// `history --limit -1`, `account set-limit -5`: a negative number the parser took for an option and reported as
    /// a missing value, said as the out-of-range value it is.
    static func outOfRange(_ arguments: [String]) -> String? {
        guard let index = arguments.indices.dropFirst().first(where: { isNegativeNumber(arguments[$0]) }) else { return nil }
        let negative = arguments[index], before = arguments[index - 1]
        let name = before.split(separator: "=", maxSplits: 1).first.map(String.init) ?? before
        guard before.hasPrefix("--") || before == "set-limit" else { return nil }
        let accepted = ranges[name].map { "; it takes \($0)" } ?? "; negative numbers are not taken"
        return "\(SafeText.clean(name)) \(negative) is out of range\(accepted)"
    }

    /// `-1`, `-12`: what a user means as a (bad) id, not as an option.
    static func isNegativeNumber(_ argument: String) -> Bool {
        argument.count > 1 && argument.hasPrefix("-") && argument.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The command closest to `word` by edit distance (letters swapped count once), if any is close: within 2 edits
    /// (1 for words of up to 4 letters), or a command `word` begins.
    static func nearest(to word: String, among commands: [String]) -> String? {
        let folded = word.lowercased()
        if let started = commands.first(where: { folded.count >= 3 && $0.hasPrefix(folded) }) { return started }
        let scored = commands.map { ($0, distance(folded, $0)) }.min { $0.1 < $1.1 }
        guard let (command, score) = scored, score <= (folded.count <= 4 ? 1 : 2) else { return nil }
        return command
    }

    /// The optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
