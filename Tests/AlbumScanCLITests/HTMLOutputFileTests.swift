import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `--html FILE` never replaces a device, FIFO or read-only file, and leaves no temporary file when it fails.
@Suite struct HTMLOutputFileTests {
    @Test(.enabled(if: getuid() == 0, "mknod needs root"))
    func aDeviceNodeIsRefusedWith73AndStaysADevice() async throws {
        let runner = try CLIRunner()
        defer { runner.remove() }
        let device = runner.home.appendingPathComponent("null").path
        try #require(mknod(device, S_IFCHR | 0o666, dev_t(0x103)) == 0)
        let output = try await runner.run(["history", "--html", device])
        #expect(output.status == 73, "\(output.stderr)")
        #expect(
            output.stderr
                == "albumscan: cannot write \(device): it is a device, not a regular file; albumscan writes only regular files, so name one\n"
        )
        var info = stat()
        #expect(lstat(device, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    }

    @Test func aReadOnlyFileIsRefusedWith73AndUntouched() async throws {
        let runner = try CLIRunner()
        defer { runner.remove() }
        let page = runner.home.appendingPathComponent("page.html").path
        try Data("keep".utf8).write(to: URL(fileURLWithPath: page))
        chmod(page, 0o444)
        let output = try await runner.run(["history", "--html", page])
        #expect(output.status == 73, "\(output.stderr)")
        #expect(try String(contentsOfFile: page, encoding: .utf8) == "keep")
    }

    @Test(.enabled(if: SmallDisk.canMount, "needs root to mount a tmpfs"))
    func aFullDiskLeavesNoTemporaryFile() async throws {
        let runner = try CLIRunner()
        defer { runner.remove() }
        #expect(try await runner.run(["history"]).status == 0)
        let disk = try SmallDisk(kilobytes: 64)
        defer { disk.unmount() }
        try disk.fill()
        let output = try await runner.run(["history", "--html", disk.path + "/page.html"])
        #expect(output.status == 73, "\(output.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path) == ["filler"])
    }
}
