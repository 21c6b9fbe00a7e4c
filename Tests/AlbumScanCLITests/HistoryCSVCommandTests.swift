import AlbumScanCore
import Foundation
import Testing

/// `history --csv` read back by Python's `csv` module, the way a script or a shop's import tool reads it.
@Suite struct HistoryCSVCommandTests {
    /// Names chosen to break a careless writer: formulas, separators, quotes, line breaks, non-ASCII.
    static let hostile = [
        Album(
            artist: "=HYPERLINK(\"http://evil.example\",\"click\")", title: "+1, \"Live\"\r\nat Budokan", year: "1979",
            genres: ["-Punk", "Rock"], label: "@Label", musicbrainzReleaseId: nil),
        Album(
            artist: "Sigur Rós", title: "Ágætis byrjun", year: "1999", genres: ["Post-Rock"], label: "Smekkleysa",
            musicbrainzReleaseId: "c1d2e3f4-0000-4000-8000-000000000002"),
        Album(artist: "東京事変", title: "教育", year: nil, genres: [], label: nil, musicbrainzReleaseId: nil),
    ]

    /// Parses `csv` with Python's csv module and returns the rows.
    static func pythonRows(_ csv: Data) throws -> [[String]] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString).csv")
        try csv.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            "import csv, json, sys; print(json.dumps(list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8', errors='strict')))))",
            file.path,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return try JSONDecoder().decode([[String]].self, from: output)
    }

    @Test func pythonReadsBackEveryCellExactly() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        try await Self.fill(fixture)
        let output = try await fixture.run(["history", "--csv"])
        #expect(output.status == 0)
        let rows = try Self.pythonRows(Data(output.stdout.utf8))
        #expect(rows.first == HistoryCSV.columns)
        #expect(rows.count == 5 && rows.allSatisfy { $0.count == HistoryCSV.columns.count })
        // Newest first: the three saved above (last saved first), then the fixture scan.
        #expect(rows[3][2...3] == ["'=HYPERLINK(\"http://evil.example\",\"click\")", "'+1, \"Live\"\r\nat Budokan"])
        #expect(rows[3][5...6] == ["'-Punk; Rock", "'@Label"])
        #expect(rows[3][13] == "'@evil.heic")
        #expect(rows[2][2...4] == ["Sigur Rós", "Ágætis byrjun", "1999"])
        #expect(rows[2][12...13] == ["search", "tónlist/ágætis.png"])
        #expect(rows[1][2...3] == ["東京事変", "教育"] && rows[1][13] == "'-x.jpg")
        #expect(rows[4][3] == "Signal Bloom" && rows[4][12] == "model" && !rows[4][9].isEmpty)
        // Paging applies: the second page of two.
        let page = try Self.pythonRows(Data(try await fixture.run(["history", "--csv", "--limit", "2", "--before", "3"]).stdout.utf8))
        #expect(page.dropFirst().map { $0[0] } == ["2", "1"])
    }

    static let soffice = ["/usr/bin/soffice", "/usr/bin/libreoffice"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// LibreOffice (when installed; it is not a build dependency) opens the export as a sheet of 5 rows, a cell for every column, and
    /// evaluates none of the hostile cells: converted back to CSV, every cell reads as written.
    @Test(.enabled(if: soffice != nil)) func libreOfficeOpensItCellForCell() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        try await Self.fill(fixture)
        let written = Data(try await fixture.run(["history", "--csv"]).stdout.utf8)
        let folder = fixture.runner.home.appendingPathComponent("lo")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try written.write(to: folder.appendingPathComponent("history.csv"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.soffice))
        process.arguments = [
            "--headless", "--norestore", "--infilter=CSV:44,34,76,1",
            "--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76,1", "--outdir", folder.appendingPathComponent("out").path,
            folder.appendingPathComponent("history.csv").path,
        ]
        process.environment = ["HOME": folder.path, "PATH": "/usr/bin:/bin"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let sheet = try Self.pythonRows(try Data(contentsOf: folder.appendingPathComponent("out/history.csv")))
        let original = try Self.pythonRows(written)
        #expect(sheet.count == 5 && sheet.allSatisfy { $0.count == HistoryCSV.columns.count })
        // LibreOffice keeps line breaks inside a cell as LF; apart from that, nothing was evaluated or changed.
        #expect(sheet == original.map { $0.map { $0.replacingOccurrences(of: "\r\n", with: "\n") } })
    }

    /// One fixture scan, then the hostile albums saved straight into the store.
    static func fill(_ fixture: CLIFixture) async throws {
        #expect(try await fixture.run(["scan", try fixture.cover("01"), "--json"]).status == 0)
        let store = try StoreDatabase(path: fixture.runner.home.appendingPathComponent(AlbumStore.defaultFileName).path)
        for (index, album) in Self.hostile.enumerated() {
            _ = try store.saveScan(
                NewScan(
                    scannedAt: Date(timeIntervalSince1970: 1_795_000_000 + Double(index)),
                    fileName: ["@evil.heic", "tónlist/ágætis.png", "-x.jpg"][index],
                    inputSha256: String(repeating: "ab", count: 32),
                    tier: .base, calls: index == 1 ? 2 : 1, searchGate: index == 1 ? .passed : .notNeeded, album: album,
                    artworkStatus: .unavailable, artworkURL: nil, reviewStatus: .unavailable, reviewKey: nil,
                    promptHash: "", timings: [:]))
        }
    }

    @Test func csvWithJSONIsAUsageError() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let output = try await fixture.run(["history", "--csv", "--json"])
        #expect(output.status == 64)
        #expect(output.stderr.contains("--csv and --json cannot be combined"))
        #expect(output.stdout.isEmpty)
    }
}
