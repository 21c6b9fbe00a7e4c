import AlbumScanCore
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Files the user names are written only over regular files (or new ones), atomically, keeping permissions.
@Suite struct OutputFileTests {
    @Test(arguments: [
        (OutputFile.Existing.nothing, true), (.regular(writable: true), true), (.regular(writable: false), false),
        (.directory, false), (.special("a FIFO"), false), (.special("a device"), false), (.special("a socket"), false),
    ])
    func writesOnlyRegularOrNewFiles(existing: OutputFile.Existing, writes: Bool) {
        let plan = OutputFile.plan(existing)
        if case .refuse = plan { #expect(!writes) } else { #expect(writes) }
    }

    @Test func createsANewFileAndReplacesOneKeepingItsMode() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/page.html"
        try OutputFile.write(Data("one".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "one")
        chmod(path, 0o640)
        try OutputFile.write(Data("two".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "two")
        #expect(Self.mode(path) == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["page.html"])
    }

    @Test func followsASymlinkAndKeepsIt() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/real.html"))
        symlink("real.html", folder + "/link.html")
        try OutputFile.write(Data("new".utf8), to: folder + "/link.html")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.html") == "real.html")
        #expect(try String(contentsOfFile: folder + "/real.html", encoding: .utf8) == "new")
    }

    @Test func refusesAFIFOWithoutBlocking() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/fifo"
        try #require(mkfifo(path, 0o644) == 0)
        let error = #expect(throws: AlbumScanError.self) { try OutputFile.write(Data("x".utf8), to: path) }
        #expect(error?.message.contains("it is a FIFO, not a regular file") == true)
        #expect(Self.kind(path) == S_IFIFO)
    }

    @Test(.enabled(if: getuid() == 0, "mknod needs root"))
    func refusesADeviceNodeAndLeavesIt() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/null"
        try #require(mknod(path, S_IFCHR | 0o666, dev_t(0x103)) == 0)
        #expect(throws: AlbumScanError.self) { try OutputFile.write(Data("x".utf8), to: path) }
        #expect(Self.kind(path) == S_IFCHR)
    }

    @Test func refusesAReadOnlyFileAndLeavesItUntouched() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/theirs.html"
        try Data("keep".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o444)
        let error = #expect(throws: AlbumScanError.self) { try OutputFile.write(Data("x".utf8), to: path) }
        #expect(error?.message.contains("read-only") == true)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["theirs.html"])
    }

    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("output-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    static func kind(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    /// A bare name's folder is ".", and a one-character name splits like any other (Foundation's helpers trapped).
    @Test(arguments: [
        ("a", ".", "a"), ("-x", ".", "-x"), ("crate.html", ".", "crate.html"), ("/a", "/", "a"), ("dir/a", "dir", "a"),
        ("/tmp/x/crate.html", "/tmp/x", "crate.html"),
    ])
    func splitsAPathIntoFolderAndName(path: String, folder: String, name: String) {
        #expect(OutputFile.split(path) == (folder, name))
    }
}
