import Foundation
import Testing

@testable import AlbumScanCore

#if canImport(Glibc)
    import Glibc
#endif

/// Inputs are opened without blocking, checked on the open descriptor and read only up to a bound.
@Suite struct InputFileTests {
    @Test(
        arguments: [
            (S_IFREG, nil), (S_IFDIR, "is a directory"), (S_IFIFO, "is a FIFO"), (S_IFSOCK, "is a socket"),
            (S_IFCHR, "is a device"), (S_IFBLK, "is a device"),
        ] as [(mode_t, String?)])
    func onlyRegularFilesAreRead(kind: mode_t, message: String?) {
        let refusal = InputFile.refusal(mode: kind | 0o644)
        #expect(refusal?.message.hasPrefix(message ?? "") ?? (message == nil))
        if let refusal { #expect(refusal.code == "unreadable-input") }
    }

    @Test(arguments: [
        (ENOENT, "no such file"), (ELOOP, "too many levels of symbolic links"), (EACCES, "cannot be read (permission denied)"),
    ])
    func openFailuresSayWhy(error: Int32, message: String) {
        #expect(InputFile.openFailure(error).message.hasPrefix(message))
    }

    @Test(arguments: [(100_000_000, 200 << 20), (1_000_000, 2_000_000 + 16 << 20), (Int.max, 200 << 20), (1, 16 << 20 + 2)])
    func theReadBoundFollowsThePixelLimit(pixels: Int, bound: Int) {
        #expect(InputFile.maxBytes(for: ImageLimits(maxPixels: pixels)) == bound)
    }

    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cover-\(UUID().uuidString).jpg").path
        try #require(mkfifo(path, 0o644) == 0)
        defer { unlink(path) }
        let error = #expect(throws: AlbumScanError.self) { try InputFile.read(URL(fileURLWithPath: path)) }
        #expect(error?.message.hasPrefix("is a FIFO") == true)
    }

    @Test func devZeroIsRefusedBeforeReading() {
        #expect(throws: AlbumScanError.unreadableInput("is a device, not a regular file; name an image file")) {
            try InputFile.read(URL(fileURLWithPath: "/dev/zero"))
        }
    }

    @Test func aFileLongerThanTheBoundIsRefusedUnread() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("long-\(UUID().uuidString).jpg").path
        // Sparse: 300 MB long, nothing on disk, and nothing of it is read.
        let descriptor = open(path, O_WRONLY | O_CREAT, 0o644)
        try #require(descriptor >= 0 && ftruncate(descriptor, 300 << 20) == 0)
        close(descriptor)
        defer { unlink(path) }
        let error = #expect(throws: AlbumScanError.self) { try InputFile.read(URL(fileURLWithPath: path)) }
        #expect(error?.code == "invalid-image")
    }

    @Test func aSymlinkLoopIsReportedAsALoop() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loop-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        symlink(folder + "/b.jpg", folder + "/a.jpg")
        symlink(folder + "/a.jpg", folder + "/b.jpg")
        let error = #expect(throws: AlbumScanError.self) { try InputFile.read(URL(fileURLWithPath: folder + "/a.jpg")) }
        #expect(error?.message.hasPrefix("too many levels of symbolic links") == true)
    }

    @Test func aNameThatIsNotUTF8IsRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("raw-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = InputPath(bytes: Array(folder.utf8)).appending([0x63, 0xFF, 0x2E, 0x6A, 0x70, 0x67])
        let descriptor = path.withCString { open($0, O_WRONLY | O_CREAT, 0o644) }
        try #require(descriptor >= 0)
        _ = write(descriptor, "jpeg", 4)
        close(descriptor)
        #expect(try InputFile.read(path) == Data("jpeg".utf8))
        #expect(path.name.hasSuffix("c\u{FFFD}.jpg"))
    }
}
