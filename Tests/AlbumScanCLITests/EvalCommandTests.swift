import AlbumScanCore
import Foundation
import Testing

/// `albumscan eval` on the shipped labelled set, replayed offline, and its bad inputs.
@Suite struct EvalCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let labels = root.appendingPathComponent("Fixtures/eval/labels.csv").path
    static let recordings = root.appendingPathComponent("Fixtures/eval/recordings").path

    /// A runner whose temporary folder (where eval makes its throwaway home) is private, so a test can see it emptied.
    static func runner() throws -> (CLIRunner, URL) {
        var runner = try CLIRunner()
        let temporary = runner.home.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        runner.environment["TMPDIR"] = temporary.path
        return (runner, temporary)
    }

    static func replay(_ runner: CLIRunner, _ extra: [String] = [], labels: String = labels) async throws -> CLIRunner.Output {
        try await runner.run(["eval", labels, "--replay", recordings] + extra)
    }

    @Test func fixtureSetReportsExactNumbersAndLeavesNoState() async throws {
        let (runner, temporary) = try Self.runner()
        defer { runner.remove() }
        let output = try await Self.replay(runner, ["--json"])
        #expect(output.status == 0, "\(output.stderr)")
        let report = try #require(output.json as? [String: Any])
        let counts = ["total", "identified", "correct", "wrong", "unidentified", "failed"].map { report[$0] as? Int }
        #expect(counts == [11, 9, 7, 2, 2, 0])
        #expect(report["accuracy"] as? Double == 0.636364)
        #expect(report["precision"] as? Double == 0.777778)
        let methods = try #require(report["byMethod"] as? [String: [String: Double]])
        #expect(methods["model"] == ["identified": 7, "correct": 5, "wrong": 2, "precision": 0.714286])
        #expect(methods["search"] == ["identified": 1, "correct": 1, "wrong": 0, "precision": 1])
        // The second photo of the first cover follows it with no model call.
        #expect(methods["duplicate"] == ["identified": 1, "correct": 1, "wrong": 0, "precision": 1])
        #expect(methods.count == 3)
        let usage = ["modelCalls", "inputTokens", "outputTokens", "imageTokens", "webSearches"].map { report[$0] as? Int }
        #expect(usage == [20, 18_499, 1_826, 7_650, 1])
        // gpt-4o at $2.50 / $10 per million: 18,499 × 2.5 + 1,826 × 10 = 64,507.5 µ$; over 7 correct answers.
        #expect(report["estimatedSpendUSD"] as? Double == 0.064508)
        #expect(report["spendPerCorrectUSD"] as? Double == 0.009215)
        #expect(report["unpricedModels"] as? [String] == [])
        let verification = try #require(report["verification"] as? [String: Int])
        #expect(
            verification == [
                "verified": 6, "mismatch": 2, "unsure": 0, "unchecked": 1, "mismatchOnWrong": 2, "wrongNotFlagged": 0,
            ])
        let latency = try #require(report["latency"] as? [String: Double])
        let (p50, p95) = (try #require(latency["p50"]), try #require(latency["p95"]))
        #expect(p50 > 0 && p50 <= p95)

        let items = try #require(report["items"] as? [[String: Any]])
        let byFile = Dictionary(uniqueKeysWithValues: items.map { ($0["file"] as? String ?? "", $0) })
        #expect(items.count == 11)
        let tungsten = try #require(byFile["photos/ac-dz-tungsten.jpg"])
        #expect(tungsten["outcome"] as? String == "wrong")
        #expect((tungsten["answer"] as? [String: Any])?["album"] as? String == "Conductors")
        // Under tungsten light the model names 08's orange sleeve; the art check sees another colour, not a cast.
        #expect(tungsten["verification"] as? String == "mismatch")
        let lookalike = try #require(byFile["photos/arcade-saints.jpg"])
        #expect(lookalike["outcome"] as? String == "wrong")
        #expect((lookalike["answer"] as? [String: Any])?["artist"] as? String == "Neon Parish")
        #expect(lookalike["verification"] as? String == "mismatch")
        for file in ["photos/blurred-frame.jpg", "photos/static-choir.jpg"] {
            #expect(byFile[file]?["outcome"] as? String == "unidentified")
            #expect(byFile[file]?["error"] as? String == "unidentified")
            #expect(byFile[file]?["answer"] is NSNull)
        }
        #expect(byFile["photos/mira-solenne.jpg"]?["method"] as? String == "search")
        // Labelled with the release group and with a release id: both correct.
        #expect(byFile["photos/velvet-circuit.jpg"]?["outcome"] as? String == "correct")
        #expect(byFile["photos/quiet-hours.jpg"]?["outcome"] as? String == "correct")
        #expect(byFile["photos/velvet-circuit-again.jpg"]?["method"] as? String == "duplicate")

        // The user's home got no database or keyring, and the throwaway home is gone.
        let home = try FileManager.default.contentsOfDirectory(atPath: runner.home.path)
        #expect(home == ["tmp"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
    }

    @Test func textReportNamesTheMisses() async throws {
        let (runner, _) = try Self.runner()
        defer { runner.remove() }
        let output = try await Self.replay(runner)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("correct          7   accuracy 63.6% (correct / total)"))
        #expect(output.stdout.contains("identified       9   precision 77.8% (correct / identified)"))
        #expect(output.stdout.contains("search               1        1      0     100.0%"))
        #expect(
            output.stdout.contains(
                "line 11: photos/arcade-saints.jpg: wrong: got Neon Parish - Hymns for Arcades, labelled Arcade Saints - "
                    + "Pink Static (verification mismatch)"))
        #expect(output.stdout.contains("line 9: photos/blurred-frame.jpg: unidentified, labelled Nobody Knows - Nothing"))
    }

    @Test(arguments: [("0.63", Int32(0)), ("0.64", 1)])
    func minAccuracyGates(threshold: String, status: Int32) async throws {
        let (runner, _) = try Self.runner()
        defer { runner.remove() }
        let output = try await Self.replay(runner, ["--min-accuracy", threshold, "--json"])
        #expect(output.status == status, "\(output.stderr)")
        // The report is printed either way.
        #expect((output.json as? [String: Any])?["correct"] as? Int == 7)
        if status == 1 {
            let wanted = String(format: "albumscan: accuracy 63.6%% is below --min-accuracy %.1f%%", Double(threshold)! * 100)
            #expect(output.stderr.contains(wanted))
        }
    }

    @Test func minAccuracyOutsideZeroToOneIsAUsageError() async throws {
        let (runner, _) = try Self.runner()
        defer { runner.remove() }
        let output = try await Self.replay(runner, ["--min-accuracy", "80"])
        #expect(output.status == 64)
        #expect(output.stderr.contains("--min-accuracy must be between 0 and 1"))
    }

    @Test func malformedCSVExits65NamingTheLine() async throws {
        let (runner, _) = try Self.runner()
        defer { runner.remove() }
        let csv = runner.home.appendingPathComponent("labels.csv")
        try "file,artist,album\na.jpg,Low Orbit,Apogee\nb.jpg,Earth, Wind & Fire,Gratitude\n".write(
            to: csv, atomically: true, encoding: .utf8)
        let output = try await Self.replay(runner, labels: csv.path)
        #expect(output.status == 65)
        #expect(
            output.stderr
                == "albumscan: labels.csv line 3: expected 3 fields (file,artist,album), found 4; quote a field that holds a comma\n"
        )
        #expect(output.stdout.isEmpty)
    }

    @Test func aMissingPhotoExits66NamingTheLineBeforeAnyScan() async throws {
        let (runner, _) = try Self.runner()
        defer { runner.remove() }
        let csv = runner.home.appendingPathComponent("labels.csv")
        try "file,artist,album\nnot-there.jpg,Low Orbit,Apogee\n".write(to: csv, atomically: true, encoding: .utf8)
        let output = try await Self.replay(runner, labels: csv.path)
        #expect(output.status == 66)
        #expect(output.stderr.contains("labels.csv line 2: not-there.jpg is not a file"))
        let missing = try await runner.run(["eval", runner.home.appendingPathComponent("nope.csv").path])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("cannot read the labels file"))
    }

    @Test func compareListsWhatChangedSinceAnEarlierReport() async throws {
        let (runner, _) = try Self.runner()
        defer { runner.remove() }
        let first = try await Self.replay(runner, ["--json"])
        #expect(first.status == 0)
        // An earlier run in which one wrong answer had been right and the identify prompt was another.
        var earlier = try #require(first.json as? [String: Any])
        earlier["correct"] = 8
        earlier["wrong"] = 1
        var setup = try #require(earlier["setup"] as? [String: Any])
        var prompts = try #require(setup["prompts"] as? [String: String])
        let identify = try #require(prompts["identify"])
        prompts["identify"] = "0123456789abcdef"
        setup["prompts"] = prompts
        earlier["setup"] = setup
        var items = try #require(earlier["items"] as? [[String: Any]])
        let index = try #require(items.firstIndex { $0["file"] as? String == "photos/ac-dz-tungsten.jpg" })
        items[index]["outcome"] = "correct"
        earlier["items"] = items
        let file = runner.home.appendingPathComponent("A.json")
        try JSONSerialization.data(withJSONObject: earlier).write(to: file)

        let text = try await Self.replay(runner, ["--compare", file.path])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("compared with \(file.path):"))
        #expect(text.stdout.contains("  prompt identify: 0123456789abcdef -> \(identify)"))
        #expect(text.stdout.contains("  correct: 8 -> 7 (-1)"))
        #expect(text.stdout.contains("  wrong: 1 -> 2 (+1)"))
        #expect(text.stdout.contains("  photos/ac-dz-tungsten.jpg: correct -> wrong: now Earth, Wire & Fire - Conductors"))

        let json = try await Self.replay(runner, ["--compare", file.path, "--json"])
        let comparison = try #require((json.json as? [String: Any])?["comparison"] as? [String: Any])
        let numbers = try #require(comparison["numbers"] as? [[String: Any]])
        let correct = try #require(numbers.first { $0["field"] as? String == "correct" })
        #expect(correct["before"] as? Int == 8 && correct["after"] as? Int == 7)
        let changed = try #require(comparison["items"] as? [[String: Any]])
        #expect(changed.map { $0["file"] as? String } == ["photos/ac-dz-tungsten.jpg"])
    }

    @Test func aCompareFileThatIsNoReportExits65BeforeScanning() async throws {
        let (runner, _) = try Self.runner()
        defer { runner.remove() }
        let file = runner.home.appendingPathComponent("A.json")
        try #"{"total": 3}"#.write(to: file, atomically: true, encoding: .utf8)
        let output = try await Self.replay(runner, ["--compare", file.path])
        #expect(output.status == 65)
        #expect(output.stderr.contains("is not an `eval --json` report: no setup"))
        #expect(output.stdout.isEmpty)
    }
}
