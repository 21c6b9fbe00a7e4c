import AlbumScanCore
import Foundation
import Testing

@testable import albumscan

/// The README's exit-code table and the man page say exactly what the CLI's one table says.
@Suite struct ExitTableTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")

    @Test func readmeTableMatchesTheCodeTable() async throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## Exit codes").dropFirst().first)
        let rows = section.split(separator: "\n").prefix { !$0.hasPrefix("## ") }.compactMap { line -> (Int32, String)? in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 2, let code = Int32(cells[0]) else { return nil }
            return (code, cells[1])
        }
        #expect(rows.map(\.0) == ExitCodes.table.map(\.code))
        #expect(rows.map(\.1) == ExitCodes.table.map(\.meaning))
    }

    @Test func manPageListsEveryCode() async {
        let page = ManualPage.render()
        for (code, _) in ExitCodes.table { #expect(page.contains(".B \(code)\n"), "exit \(code) missing from the man page") }
    }

    @Test(arguments: [
        (AlbumScanError.storage("disk full"), Int32(74)), (.outputFile("x"), 73), (.configuration("x"), 78),
        (.unidentified(reason: ""), 1), (.invalidImage("x"), 65), (.photoQuality("x"), 65), (.unknownScan(3), 66),
    ])
    func everyCodeTheCoreCanMapToIsInTheTable(error: AlbumScanError, code: Int32) async {
        #expect(ExitCodes.code(for: error) == code)
        #expect(ExitCodes.table.contains { $0.code == code })
    }

    /// A batch exits with its most severe outcome, whatever the order its photos ended in.
    @Test(arguments: [
        ([], 0), ([1], 1), ([1, 77, 1], 77), ([65, 1], 65), ([66, 65], 65), ([75, 69], 69), ([1, 74, 73], 74),
        ([73, 66], 73), ([77, 78], 78), ([69, 65, 1], 69),
    ] as [([Int32], Int32)])
    func aBatchExitsWithItsMostSevereOutcome(codes: [Int32], expected: Int32) {
        #expect(ExitCodes.mostSevere(codes) == expected)
    }

    /// The README and the man page state the order the CLI uses.
    @Test func theSeverityRuleIsDocumented() throws {
        let readme = try String(contentsOf: Self.readme, encoding: .utf8)
        #expect(readme.contains(ExitCodes.severityRule))
        #expect(ManualPage.render().contains(ExitCodes.severityRule))
        #expect(ExitCodes.severity.allSatisfy { code in ExitCodes.table.contains { $0.code == code } })
    }
}
