import AlbumScanTestSupport
import Foundation
import Testing

/// A home on a small tmpfs that fills up or turns read-only: reading commands still work, writing commands
/// exit 74 with one line, and nothing is half-saved.
@Suite(.enabled(if: SmallDisk.canMount, "needs root to mount a tmpfs"))
struct StorageFaultTests {
    @Test func aFullDiskExits74WithOneLine() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let disk = try SmallDisk(kilobytes: 2048)
        defer { disk.unmount() }
        let first = try fixture.cover("01"), second = try fixture.cover("02")
        let home = ["ALBUMSCAN_HOME": disk.path]
        #expect(try await fixture.run(["account", "set-tier", "ultra"], extraEnvironment: home).status == 0)
        #expect(try await fixture.run(["scan", first, "--json"], extraEnvironment: home).status == 0)
        try disk.fill()
        let output = try await fixture.run(["scan", second], extraEnvironment: home)
        #expect(output.status == 74, "\(output.stderr)")
        let lines = output.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("albumscan: "), "\(output.stderr)")
        let setTier = try await fixture.run(["account", "set-tier", "base"], extraEnvironment: home)
        #expect(setTier.status == 74, "\(setTier.stderr)")
    }

    @Test func aReadOnlyHomeServesReadsAndRefusesWrites() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let disk = try SmallDisk(kilobytes: 4096)
        defer { disk.unmount() }
        let home = ["ALBUMSCAN_HOME": disk.path]
        #expect(try await fixture.run(["account", "set-tier", "ultra"], extraEnvironment: home).status == 0)
        let scan = try await fixture.run(["scan", try fixture.cover("01"), "--json"], extraEnvironment: home)
        let scanId = try #require(scan.jsonLines.first?["scanId"] as? Int)
        try disk.makeReadOnly()
        let history = try await fixture.run(["history", "--json"], extraEnvironment: home)
        #expect(history.status == 0, "\(history.stderr)")
        #expect((history.json as? [[String: Any]])?.first?["scanId"] as? Int == scanId)
        let show = try await fixture.run(["show", "\(scanId)", "--json"], extraEnvironment: home)
        #expect(show.status == 0, "\(show.stderr)")
        let account = try await fixture.run(["account", "--json"], extraEnvironment: home)
        #expect(account.status == 0, "\(account.stderr)")
        #expect((account.json as? [String: Any])?["scansUsed"] as? Int == 1)
        for arguments in [["scan", try fixture.cover("02")], ["account", "set-tier", "base"], ["delete", "\(scanId)"]] {
            let output = try await fixture.run(arguments, extraEnvironment: home)
            #expect(output.status == 74, "\(arguments): \(output.stderr)")
            #expect(output.stderr.split(separator: "\n").count == 1, "\(arguments): \(output.stderr)")
        }
    }
}

/// A tmpfs mounted on a temporary folder, for full-disk tests.
struct SmallDisk {
    let path: String

    static let canMount: Bool = {
        guard getuid() == 0, let disk = try? SmallDisk(kilobytes: 64) else { return false }
        disk.unmount()
        return true
    }()

    init(kilobytes: Int) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("albumscan-disk-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", path]) == 0 else {
            try? FileManager.default.removeItem(atPath: path)
            throw CLIFixtureError(message: "mount failed")
        }
    }

    /// Writes a file until the disk has no room left, then gives back `leavingKilobytes`.
    func fill(leavingKilobytes: Int = 0) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path + "/filler").creatingFile())
        defer { try? handle.close() }
        let block = Data(repeating: 0, count: 4096)
        while (try? handle.write(contentsOf: block)) != nil {}
        let size = try handle.seekToEnd()
        try handle.truncate(atOffset: size - min(size, UInt64(leavingKilobytes * 1024)))
    }

    /// Remounts the disk read-only.
    func makeReadOnly() throws {
        guard Self.run("/bin/mount", ["-o", "remount,ro", path]) == 0 else {
            throw CLIFixtureError(message: "remount read-only failed")
        }
    }

    /// Removes the filler, so the state can be checked.
    func makeRoom() throws {
        try FileManager.default.removeItem(atPath: path + "/filler")
    }

    func unmount() {
        _ = Self.run("/bin/umount", [path])
        try? FileManager.default.removeItem(atPath: path)
    }

    static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}

extension URL {
    fileprivate func creatingFile() -> URL {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        return self
    }
}
