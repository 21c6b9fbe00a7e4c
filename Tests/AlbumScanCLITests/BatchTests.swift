import AlbumScanTestSupport
import Foundation
import Testing

@Suite struct BatchTests {
    @Test func jobsKeepInputOrderAndReportTheMostSevereFailure() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        fixture.services.setLatency(openAI: .milliseconds(40))
        _ = try await fixture.run(["account", "set-tier", "ultra"])
        let broken = fixture.covers.appendingPathComponent("zz-broken.jpg")
        try Data("not a jpeg".utf8).write(to: broken)
        let inputs =
            try ["12", "01", "11", "02", "05", "10"].map { try fixture.cover($0) } + [broken.path, try fixture.cover("08")]
        let output = try await fixture.run(["scan"] + inputs + ["--jobs", "4", "--json"])
        let lines = output.jsonLines
        #expect(lines.count == 8)
        #expect(lines.compactMap { $0["file"] as? String } == inputs)
        #expect(
            lines.map { $0["status"] as? String } == [
                "identified", "identified", "unidentified", "identified", "identified", "identified", "failed", "identified",
            ])
        #expect(output.status == 65, "the undecodable file outranks the earlier unidentified cover")
        let saved = try await fixture.run(["history", "--json"]).json as? [Any]
        #expect(saved?.count == 6)
    }

    @Test func aFolderArgumentScansItsJPEGsInNameOrder() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let first = try fixture.cover("05"), second = try fixture.cover("02")
        try Data().write(to: fixture.covers.appendingPathComponent("notes.txt"))
        let output = try await fixture.run(["scan", fixture.covers.path, "--json"])
        #expect(output.status == 0)
        #expect(output.jsonLines.compactMap { $0["file"] as? String } == [second, first].sorted())
    }

    /// Two processes and --jobs share one MusicBrainz limiter: requests never arrive under 1 s apart. On the public
    /// server a new album costs its scan one request, the release search: its Discogs links are left pending.
    @Test func musicBrainzRequestsStayOneSecondApartAcrossProcesses() async throws {
        let fixture = try CLIFixture(musicBrainzOneRequestPerSecond: true)
        defer { fixture.stop() }
        let left = try ["01", "02"].map { try fixture.cover($0) }
        let right = try ["05"].map { try fixture.cover($0) }
        let statuses = LockedValue<[Int32]>([])
        await withTaskGroup(of: Void.self) { group in
            for files in [left, right] {
                group.addTask {
                    let status = (try? await fixture.runner.spawn(["scan"] + files + ["--jobs", "2", "--json"]))?.status ?? -1
                    statuses.withLock { $0.append(status) }
                }
            }
        }
        #expect(statuses.current == [0, 0])
        let arrivals = fixture.services.musicBrainz.server.requests.map(\.receivedAt).sorted()
        // One search per album; no url-rels lookup on the scan's path.
        #expect(arrivals.count == 3, "\(fixture.services.musicBrainz.searches.map(\.query))")
        #expect(fixture.services.musicBrainz.lookups.isEmpty)
        let gaps = zip(arrivals.dropFirst(), arrivals).map { $0.timeIntervalSince($1) }
        #expect(gaps.allSatisfy { $0 >= 1.0 }, "gaps: \(gaps)")
        print(
            String(
                format: "MusicBrainz spacing across two processes: minimum gap %.3f s over %d gaps", gaps.min() ?? 0, gaps.count))
    }
}

/// On the public server the Discogs links a scan left pending are asked for by the export that needs them.
@Suite struct PendingLinksExportTests {
    /// Scans with shop fields leave their links pending and say so; `history --format discogs-inventory` then asks
    /// MusicBrainz once per release while a scan runs in a second process, and no two requests reach the server
    /// under 1 s apart. Every linked scan is listed with its id, and the album with none is counted as such.
    @Test func anExportAndAScanBesideItKeepOneSecondAtTheServer() async throws {
        let fixture = try CLIFixture(musicBrainzOneRequestPerSecond: true)
        defer { fixture.stop() }
        let shop = ["--price", "12.50", "--media-condition", "VG+"]
        let first = try ["01", "05", "02"].map { try fixture.cover($0) }
        let scanned = try await fixture.runner.spawn(["scan"] + first + ["--jobs", "3", "--json"] + shop, timeout: 90)
        #expect(scanned.status == 0, "\(scanned.stderr)")
        let sources = scanned.jsonLines.map { ($0["album"] as? [String: Any])?["discogsIdSource"] as? String }
        #expect(sources == ["pending", "pending", "pending"])
        #expect(fixture.services.musicBrainz.lookups.isEmpty)
        let show = try await fixture.run(["show", "1", "--json"])
        #expect(((show.json as? [String: Any])?["album"] as? [String: Any])?["discogsIdSource"] as? String == "pending")

        let other = try fixture.cover("08")
        let outputs = LockedValue<[String: CLIRunner.Output]>([:])
        await withTaskGroup(of: Void.self) { group in
            for (name, arguments) in [
                ("export", ["history", "--format", "discogs-inventory"]), ("scan", ["scan", other, "--json"]),
            ] {
                group.addTask {
                    guard let output = try? await fixture.runner.spawn(arguments, timeout: 90) else { return }
                    outputs.withLock { $0[name] = output }
                }
            }
        }
        let export = try #require(outputs.current["export"])
        #expect(export.status == 0 && outputs.current["scan"]?.status == 0, "\(export.stderr)")
        let listed = export.stdout.split(separator: "\r\n").dropFirst().compactMap { $0.split(separator: ",").first }
        #expect(Set(listed) == ["9000101", "9000105"], "\(export.stdout)")
        // The second process's album counts too when its scan was saved before the export read the scans.
        let lookups = fixture.services.musicBrainz.lookups.count
        #expect(lookups == 3 || lookups == 4, "one url-rels lookup per release")
        #expect(export.stderr.contains("asking MusicBrainz for the Discogs links of \(lookups) releases"), "\(export.stderr)")
        #expect(export.stderr.contains("without a Discogs release id"), "\(export.stderr)")
        #expect(!export.stderr.contains("not been asked"), "\(export.stderr)")

        let arrivals = fixture.services.musicBrainz.server.requests.map(\.receivedAt).sorted()
        #expect(arrivals.count == 3 + lookups + 1, "three searches, the lookups, the second process's search")
        let gaps = zip(arrivals.dropFirst(), arrivals).map { $0.timeIntervalSince($1) }
        #expect(gaps.allSatisfy { $0 >= 1.0 }, "gaps: \(gaps)")
        print(String(format: "export beside a scan: %d requests, minimum gap %.3f s", arrivals.count, gaps.min() ?? 0))
        // The next export asks only for what is still pending (the second process's album, if it came late).
        _ = try await fixture.run(["history", "--format", "discogs-inventory"])
        #expect(fixture.services.musicBrainz.lookups.count == 4)
        let third = try await fixture.run(["history", "--format", "discogs-inventory"])
        #expect(!third.stderr.contains("asking MusicBrainz"), "nothing left to ask: \(third.stderr)")
        #expect(fixture.services.musicBrainz.lookups.count == 4)
    }
}

/// Folders as a shop has them: photos beside other files, and crates in subfolders.
@Suite struct FolderInputTests {
    /// Without --recursive a subfolder is left alone and said so; files that are not photos are counted in one line
    /// (named under --verbose); with --recursive the subfolder's photos are scanned after the folder's own.
    @Test func subfoldersAndOtherFiles() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        _ = try await fixture.run(["account", "set-tier", "ultra"])
        let crate = fixture.runner.home.appendingPathComponent("crate")
        let inner = crate.appendingPathComponent("bin-2")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try fixture.cover("01"), toPath: crate.appendingPathComponent("a.jpg").path)
        try FileManager.default.copyItem(atPath: try fixture.cover("02"), toPath: inner.appendingPathComponent("b.jpg").path)
        for name in ["notes.txt", "Thumbs.db"] { try Data("x".utf8).write(to: crate.appendingPathComponent(name)) }
        let flat = try await fixture.run(["scan", crate.path, "--json"])
        #expect(flat.jsonLines.compactMap { $0["file"] as? String } == [crate.appendingPathComponent("a.jpg").path])
        #expect(
            flat.stderr.contains(
                "albumscan: skipped 2 files that are not photos and 1 subfolder (--recursive scans them); --verbose names them"),
            "\(flat.stderr)")
        let deep = try await fixture.run(["scan", crate.path, "--json", "--recursive", "--verbose"])
        #expect(
            deep.jsonLines.compactMap { $0["file"] as? String } == [
                crate.appendingPathComponent("a.jpg").path, inner.appendingPathComponent("b.jpg").path,
            ])
        #expect(deep.stderr.contains("skipped 2 files that are not photos (\(crate.path)/Thumbs.db, \(crate.path)/notes.txt)"), "\(deep.stderr)")
        #expect(deep.status == 0)
    }
}

/// `scan -`: a photo piped in, as a script feeding a camera's output would.
@Suite struct StandardInputTests {
    @Test func aPhotoOnStandardInputIsScannedAsDash() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let photo = try Data(contentsOf: URL(fileURLWithPath: try fixture.cover("01")))
        let output = try await fixture.run(["scan", "-", try fixture.cover("02"), "--json"], standardInput: photo)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.jsonLines.map { $0["file"] as? String } == ["-", try fixture.cover("02")])
        #expect((output.jsonLines.first?["album"] as? [String: Any])?["title"] as? String == "Signal Bloom")
    }

    @Test func anEmptyStandardInputExits66() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let output = try await fixture.run(["scan", "-"])
        #expect(output.status == 66)
        #expect(output.stderr == "albumscan: -: standard input is empty; pipe a photo into it\n")
        let twice = try await fixture.run(["scan", "-", "-"])
        #expect(twice.status == 64)
    }
}

/// A shop re-runs a folder: what was identified is skipped with no model call, unless asked to scan again.
@Suite struct ResumeTests {
    @Test func aReRunSkipsIdentifiedPhotosAndRescanScansThemAgain() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        _ = try await fixture.run(["account", "set-tier", "ultra"])
        for prefix in ["01", "02", "05"] { _ = try fixture.cover(prefix) }
        let first = try await fixture.run(["scan", fixture.covers.path, "--json"])
        #expect(first.status == 0)
        let ids = first.jsonLines.compactMap { $0["scanId"] as? Int }
        #expect(ids.count == 3)
        let calls = fixture.services.openAI.calls.count
        let again = try await fixture.run(["scan", fixture.covers.path, "--json"])
        #expect(again.status == 0)
        #expect(again.jsonLines.map { $0["status"] as? String } == ["skipped", "skipped", "skipped"])
        #expect(again.jsonLines.map { ($0["skipped"] as? [String: Any])?["reason"] as? String } == Array(repeating: "already-scanned", count: 3))
        #expect(again.jsonLines.compactMap { ($0["skipped"] as? [String: Any])?["scanId"] as? Int } == ids)
        #expect(fixture.services.openAI.calls.count == calls, "no model call")
        let text = try await fixture.run(["scan", fixture.covers.path])
        #expect(text.stdout.isEmpty)
        let lines = text.stderr.split(separator: "\n")
        #expect(lines.first == "albumscan: skipped 3 photos already scanned (--rescan scans them again)")
        #expect(lines.count == 2 && lines.last?.hasPrefix("albumscan: 3 photos: 0 identified, 3 skipped; no model calls; ") == true)
        let rescanned = try await fixture.run(["scan", fixture.covers.path, "--json", "--rescan", "--no-local"])
        #expect(rescanned.jsonLines.map { $0["status"] as? String } == ["identified", "identified", "identified"])
        #expect(fixture.services.openAI.calls.filter(\.hasImage).count == 6)
        // Issue 41: each photo is rescanned in place, keeping its scan id.
        #expect(rescanned.jsonLines.compactMap { $0["scanId"] as? Int } == ids)
        #expect((try await fixture.run(["history", "--json"]).json as? [Any])?.count == 3)
    }

    /// One photo named alone that was already identified: its stored scan, a note, no request, no new row.
    @Test func aSinglePhotoAlreadyScannedShowsTheStoredScan() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let cover = try fixture.cover("01")
        #expect(try await fixture.run(["scan", cover]).status == 0)
        let requests = fixture.services.openAI.calls.count + fixture.services.musicBrainz.server.requests.count
        let again = try await fixture.run(["scan", cover])
        #expect(again.status == 0)
        #expect(again.stdout.contains("Signal Bloom"))
        #expect(again.stderr == "albumscan: already scanned as #1; this is the stored scan (--rescan scans it again)\n")
        let json = try await fixture.run(["scan", cover, "--json"])
        #expect((json.json as? [String: Any])?["scanId"] as? Int == 1)
        #expect(fixture.services.openAI.calls.count + fixture.services.musicBrainz.server.requests.count == requests)
        #expect((try await fixture.run(["history", "--json"]).json as? [Any])?.count == 1)
    }

    /// A command's first photo is prepared while the store opens: one found scanned is skipped whatever its
    /// preparation made of it (here, refused as over a pixel limit set since), and nothing of that is kept.
    @Test func aFirstPhotoFoundScannedIsSkippedWhateverItsPreparationSaid() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let cover = try fixture.cover("01")
        #expect(try await fixture.run(["scan", cover]).status == 0)
        let small = ["ALBUMSCAN_MAX_PIXELS": "10000"]
        let again = try await fixture.run(["scan", cover, "--json"], extraEnvironment: small)
        #expect(again.status == 0, "\(again.stderr)")
        let json = try #require(again.json as? [String: Any])
        #expect(json["scanId"] as? Int == 1)
        #expect((json["diagnostics"] as? [Any] ?? []).isEmpty)
        #expect(again.stderr.contains("already scanned as #1"))
        #expect((try await fixture.run(["history", "--failed", "--json"]).json as? [Any])?.isEmpty == true)
        // A photo not scanned before is refused by that limit as usual.
        let other = try await fixture.run(["scan", try fixture.cover("02"), "--json"], extraEnvironment: small)
        #expect(other.status != 0 && other.stderr.contains("ALBUMSCAN_MAX_PIXELS"))
    }
}
