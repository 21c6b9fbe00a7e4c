import AlbumScanTestSupport
import Foundation
import GRDB
import Testing

@testable import AlbumScanCore

/// One row per diagnostic code: the condition that raises it in an in-process scan against the fakes, the stage it
/// is reported from, its object in the scan's `--json` line, and what the scan still did.
@Suite struct ScanDiagnosticTests {
    /// What a row works on: the fakes, the test's environment (a row may swap its matcher) and the photo to scan.
    struct Bench {
        let services: FakeServices
        var environment: AppEnvironment
        var photo: URL
        var store: AlbumStore { get async throws { try await environment.store() } }
    }

    /// The fixture cover every row scans unless its `arrange` picks another photo: verified artwork, a clean review.
    static let cover = "02"

    /// How one code is raised and what the scan must still do.
    struct Scenario: Sendable {
        /// The stage the row's code is reported from.
        var stage: ScanDiagnostic.Stage
        /// Every code the scan reports, in order: the row's own and any it brings with it.
        var reported: [ScanDiagnostic.Code]
        var provider: ProviderKind = .openai
        var arrange: @Sendable (inout Bench) async throws -> Void
        /// The scan's outcome, as the code promises it.
        var outcome: @Sendable (ScanResult, Bench) async throws -> Void
    }

    /// The row of each code; a new code does not compile until it has one.
    static func scenario(_ code: ScanDiagnostic.Code) -> Scenario {
        switch code {
        case .photoNotComparable:
            // The matcher cannot decode the photo: no local match and no artwork check, but still identified.
            Scenario(stage: .prepare, reported: [.photoNotComparable]) { bench in
                bench.environment.matcher.photo = { _ in throw RefusedByTheTest() }
            } outcome: { result, _ in
                #expect(result.status == .identified)
                #expect(result.artwork?.status == .fetched)
                #expect(result.verification == .unchecked)
            }
        case .localReviewMissing:
            // The library knows the cover, but its cached review is gone: the photo goes to the model after all.
            Scenario(stage: .local, reported: [.localReviewMissing]) { bench in
                let first = await ScanPipeline(environment: bench.environment).scan(bench.photo)
                try #require(first.verification.status == .verified, "the first scan puts the cover in the library")
                try await bench.store.database.write("removing the cached reviews") { try $0.execute(sql: "DELETE FROM reviews") }
            } outcome: { result, bench in
                #expect(result.status == .identified)
                #expect(result.identification?.method == .model)
                #expect(result.review?.status == .generated)
                #expect(bench.services.openAI.calls.filter(\.hasImage).count == 2, "Call 1 for each scan")
            }
        case .barcodeLookupFailed:
            // A listed barcode on the sleeve, but MusicBrainz fails: Call 1 runs with the digits as a clue (the
            // sleeve's colour is the fixture the model cannot name, so it ends unidentified with no artwork stage).
            Scenario(stage: .identify, reported: [.barcodeLookupFailed]) { bench in
                bench.photo = bench.environment.home.appendingPathComponent("back.jpg")
                try BarcodeSleeve.jpeg(digits: FixtureBarcodes.signalBloom).write(to: bench.photo)
                bench.services.musicBrainz.respond { query, _ in
                    query.hasPrefix("barcode:") ? .json(["error": "refused by the test"], status: 500) : MBReleaseList.empty
                }
            } outcome: { result, bench in
                #expect(result.status == .unidentified)
                #expect(result.identification?.method == .model)
                let calls = bench.services.openAI.calls.filter(\.hasImage)
                #expect(calls.count == 1)
                #expect(calls.first?.userText.contains("EAN-13 barcode \(FixtureBarcodes.signalBloom)") == true)
                #expect(bench.services.musicBrainz.searches.allSatisfy { $0.query.hasPrefix("barcode:") })
            }
        case .artworkUnavailable:
            // The Cover Art Archive has no image for the release: identified and reviewed, nothing to verify.
            Scenario(stage: .artwork, reported: [.artworkUnavailable]) { bench in
                bench.services.coverArt.removeRelease(try Self.album(Self.cover).releaseID)
            } outcome: { result, _ in
                #expect(result.status == .identified)
                #expect(result.artwork?.status == .unavailable)
                #expect(result.review?.status == .generated)
                #expect(result.verification == .unchecked)
            }
        case .artworkNotCompared:
            // The matcher cannot describe the front image: identified with its artwork, which is not verified.
            Scenario(stage: .verify, reported: [.artworkNotCompared]) { bench in
                bench.environment.matcher.describeAndCompare = { _, _ in throw RefusedByTheTest() }
            } outcome: { result, _ in
                #expect(result.status == .identified && result.scanId != nil)
                #expect(result.artwork?.status == .fetched)
                #expect(result.verification == .unchecked)
                #expect(result.review?.status == .generated)
            }
        case .musicBrainzLockUnusable:
            // A folder where the lock file should be: MusicBrainz is not asked, so the artwork is unavailable too.
            Scenario(stage: .artwork, reported: [.musicBrainzLockUnusable, .artworkUnavailable]) { bench in
                try FileManager.default.createDirectory(
                    at: bench.environment.home.appendingPathComponent("musicbrainz.lock"), withIntermediateDirectories: false)
            } outcome: { result, bench in
                #expect(result.status == .identified)
                #expect(result.artwork?.status == .unavailable)
                #expect(result.review?.status == .generated)
                #expect(bench.services.musicBrainz.searches.isEmpty)
            }
        case .reviewUnavailable:
            // The review call answers with no usable review, twice: identified with artwork, without a review.
            Scenario(stage: .review, reported: [.reviewUnavailable]) { bench in
                bench.services.openAI.respond { call in
                    call.hasImage ? FixtureWorld.reply(call) : .content("Sorry, I can't write that review right now.")
                }
            } outcome: { result, bench in
                #expect(result.status == .identified)
                #expect(result.review?.status == .unavailable)
                #expect(result.artwork?.status == .fetched)
                #expect(bench.services.openAI.calls.filter { !$0.hasImage }.count == 2, "one retry")
            }
        case .webSearchUnavailable:
            // Ultra with advanced search on a provider that cannot search: the standard review stands in.
            Scenario(stage: .review, reported: [.webSearchUnavailable], provider: .openAICompatible) { bench in
                try bench.environment.keyring.setTier(.ultra)
                try bench.environment.keyring.setAdvancedSearch(true)
            } outcome: { result, _ in
                #expect(result.status == .identified)
                #expect(result.review?.status == .generated)
                #expect(result.review?.review?.sources == [])
            }
        case .discogsUnavailable:
            // MusicBrainz fails every release lookup: identified with artwork and review, without a Discogs id, its
            // links left pending (the next export asks again) rather than said to be none.
            Scenario(stage: .catalogue, reported: [.discogsUnavailable]) { bench in
                bench.services.musicBrainz.respondToLookups { _, _ in .json(["error": "Internal Server Error"], status: 500) }
            } outcome: { result, bench in
                #expect(result.status == .identified && result.scanId != nil)
                #expect(result.artwork?.status == .fetched)
                #expect(result.album?.discogs == DiscogsLink.pending)
                #expect(bench.services.musicBrainz.lookups.count == 4, "the lookup and its three retries")
            }
        case .cacheNotSaved:
            // The review cache refuses the write: the scan is saved with its review, the cache stays empty.
            Scenario(stage: .review, reported: [.cacheNotSaved]) { bench in
                try await Self.refuseInserts(into: "reviews", in: bench.store)
            } outcome: { result, bench in
                #expect(result.status == .identified && result.scanId != nil)
                #expect(result.review?.status == .generated)
                let cached = try await Self.rows(in: "reviews", of: bench.store)
                #expect(cached == 0, "nothing written to reviews")
            }
        case .cacheNotRead:
            // The album's cached review is there but cannot be read (malformed JSON): the model writes the review
            // again, and the new one replaces the broken row.
            Scenario(stage: .review, reported: [.cacheNotRead]) { bench in
                try await Self.cacheUnreadableReview(of: try Self.album(Self.cover), in: bench.store)
            } outcome: { result, bench in
                #expect(result.status == .identified && result.scanId != nil)
                #expect(result.review?.status == .generated)
                #expect(bench.services.openAI.calls.filter { !$0.hasImage }.count == 1, "the review is asked for")
                let album = try Self.album(Self.cover)
                let key = AlbumKey(artist: album.artist, title: album.title).work
                #expect(try await bench.store.review(key: key) != nil, "the new review is cached over the broken one")
            }
        case .usageNotRecorded:
            // The usage table refuses the write: reported for Call 1's usage and again for the review's.
            Scenario(stage: .save, reported: [.usageNotRecorded, .usageNotRecorded]) { bench in
                try await Self.refuseInserts(into: "usage", in: bench.store)
            } outcome: { result, bench in
                #expect(result.status == .identified && result.scanId != nil)
                #expect(result.review?.status == .generated)
                let cached = try await Self.rows(in: "usage", of: bench.store)
                #expect(cached == 0, "nothing written to usage")
            }
        case .failureNotRecorded:
            // The cover the model cannot name, with the failures table refusing the write: still unidentified.
            Scenario(stage: .save, reported: [.failureNotRecorded]) { bench in
                bench.photo = bench.environment.home.appendingPathComponent("unnamed.jpg")
                try Self.album("11").cover(width: 900, height: 900).write(to: bench.photo)
                try await Self.refuseInserts(into: "failures", in: bench.store)
            } outcome: { result, bench in
                #expect(result.status == .unidentified)
                #expect(result.error?.code == "unidentified")
                let kept = try await Self.rows(in: "failures", of: bench.store)
                #expect(kept == 0, "nothing written to failures")
            }
        }
    }

    @Test(arguments: ScanDiagnostic.Code.allCases)
    func eachCodeIsRaisedByItsConditionAndShownInJSON(_ code: ScanDiagnostic.Code) async throws {
        let scenario = Self.scenario(code)
        let services = try FixtureWorld.start(provider: scenario.provider)
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        var bench = Bench(
            services: services, environment: test.environment,
            photo: try FixtureScans.cover(Self.cover, in: test.environment.home))
        try await scenario.arrange(&bench)

        let result = await ScanPipeline(environment: bench.environment).scan(bench.photo)

        #expect(result.diagnostics.map(\.code) == scenario.reported, "\(result.diagnostics)")
        let own = result.diagnostics.filter { $0.code == code }
        #expect(!own.isEmpty && own.allSatisfy { $0.stage == scenario.stage }, "\(result.diagnostics)")
        let lines = try Self.jsonDiagnostics(result)
        #expect(lines.count == result.diagnostics.count, "\(lines)")
        #expect(
            lines.contains {
                $0["stage"] as? String == scenario.stage.rawValue && $0["code"] as? String == code.rawValue
                    && !(($0["message"] as? String) ?? "").isEmpty
            }, "\(lines)")
        try await scenario.outcome(result, bench)
    }

    /// A scan where nothing goes wrong has an empty `diagnostics` array in its JSON line, not a missing one.
    @Test func aCleanScanHasNoDiagnostics() async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let result = await ScanPipeline(environment: test.environment).scan(
            try FixtureScans.cover(Self.cover, in: test.environment.home))
        #expect(result.status == .identified && result.verification.status == .verified)
        #expect(result.diagnostics == [])
        let json = try Self.jsonObject(result)
        #expect((json["diagnostics"] as? [Any])?.isEmpty == true, "\(json)")
    }

    // MARK: - Helpers

    struct RefusedByTheTest: Error {}

    static func album(_ prefix: String) throws -> FixtureAlbum {
        try #require(FixtureCatalog.albums.first { $0.slug.hasPrefix(prefix) })
    }

    /// Makes every insert into `table` fail, as a full disk or a locked database would fail that one write.
    static func refuseInserts(into table: String, in store: AlbumStore) throws {
        try store.database.write("arranging a refused write") { db in
            try db.execute(
                sql: """
                    CREATE TRIGGER refuse_\(table) BEFORE INSERT ON \(table)
                    BEGIN SELECT RAISE(FAIL, 'refused by the test'); END
                    """)
        }
    }

    /// Caches a review of `album` whose bullets are not JSON, as a damaged database would hold it.
    static func cacheUnreadableReview(of album: FixtureAlbum, in store: AlbumStore) throws {
        let key = AlbumKey(artist: album.artist, title: album.title).work.description
        try store.database.write("arranging an unreadable review") { db in
            try db.execute(
                sql: """
                    INSERT INTO reviews (key, summary, bullets, rating, recommendation, keyTracks, sources, model,
                        promptHash, createdAt)
                    VALUES (?, 'A summary.', 'not json', 4, 'Listen.', '[]', '[]', 'test', 'test', 0)
                    """,
                arguments: [key])
        }
    }

    static func rows(in table: String, of store: AlbumStore) throws -> Int {
        try store.database.read("counting rows") { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM \(table)") ?? 0 }
    }

    /// The scan's `--json` line, parsed.
    static func jsonObject(_ result: ScanResult) throws -> [String: Any] {
        let line = try JSONOutput.encode(result)
        #expect(!line.contains("\n"), "one line")
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    /// The objects of the scan's `diagnostics` array in its `--json` line.
    static func jsonDiagnostics(_ result: ScanResult) throws -> [[String: Any]] {
        try #require(try jsonObject(result)["diagnostics"] as? [[String: Any]])
    }
}
