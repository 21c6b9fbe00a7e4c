import Foundation
import Testing

@testable import AlbumScanCore

/// Scans interrupted between saving and charging: the keyring settles them so stored scans and quota agree.
@Suite struct InterruptedScanTests {
    @Test func aDeadHoldersSavedScanIsChargedAndAnUnsavedOneIsDropped() throws {
        let fixture = try KeyringFixture()
        let holder = fixture.keyring()
        let saved = try holder.reserve(pid: 4242)
        let unsaved = try holder.reserve(pid: 4242)
        #expect(try holder.status().scansRemaining == 3)
        // The holder died; the store holds a scan under `saved` only.
        let survivor = Keyring(
            home: fixture.home, now: { fixture.now }, isProcessAlive: { $0.pid != 4242 },
            savedScans: { ids in ids.contains(saved.id) ? [saved.id: .free] : [:] })
        let status = try survivor.status()
        #expect(status.scansUsed == 1, "the saved scan is charged")
        #expect(status.scansRemaining == 4, "the unsaved one is released")
        _ = unsaved
        #expect(try survivor.status().scansUsed == 1, "settling happens once")
    }

    @Test func orphanedTemporaryFilesAreRemovedOnTheNextRun() throws {
        let fixture = try KeyringFixture()
        let keyring = fixture.keyring()
        try keyring.setTier(.base)
        let orphans = ["keyring.json.tmp-999-abc", ".keyring-secret.tmp-999-def"].map {
            fixture.home.appendingPathComponent($0).path
        }
        let bystander = fixture.home.appendingPathComponent("notes.tmp-1").path
        for path in orphans + [bystander] { _ = FileManager.default.createFile(atPath: path, contents: Data("x".utf8)) }
        _ = try keyring.status()
        #expect(orphans.allSatisfy { !FileManager.default.fileExists(atPath: $0) })
        #expect(FileManager.default.fileExists(atPath: bystander), "files that are not the keyring's stay")
    }
}
