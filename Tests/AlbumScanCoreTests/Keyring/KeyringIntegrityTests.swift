import Foundation
import Testing

@testable import AlbumScanCore

@Suite("Keyring: integrity and concurrency")
struct KeyringIntegrityTests {
    enum Damage: String, CaseIterable, Sendable {
        case editedNumber, editedTier, truncated, empty, garbage, missingSecret, replacedSecret
    }

    private func damage(_ fixture: KeyringFixture, _ damage: Damage) throws {
        let text = String(decoding: try #require(fixture.contents()), as: UTF8.self)
        let write = { (s: String) in try Data(s.utf8).write(to: URL(fileURLWithPath: fixture.keyringPath)) }
        switch damage {
        case .editedNumber:
            #expect(text.contains("\"freeScansUsed\" : 2"))
            try write(text.replacingOccurrences(of: "\"freeScansUsed\" : 2", with: "\"freeScansUsed\" : 0"))
        case .editedTier:
            try write(text.replacingOccurrences(of: "\"tier\" : \"free\"", with: "\"tier\" : \"ultra\""))
        case .truncated: try write(String(text.prefix(text.count / 2)))
        case .empty: try write("")
        case .garbage: try write("not json at all\n")
        case .missingSecret: try FileManager.default.removeItem(atPath: fixture.secretPath)
        case .replacedSecret:
            try Data((String(repeating: "ab", count: 32) + "\n").utf8)
                .write(to: URL(fileURLWithPath: fixture.secretPath))
        }
    }

    @Test(arguments: Damage.allCases)
    func damagedKeyringIsReportedNeverReset(kind: Damage) throws {
        // Given a keyring with two scans used, then damaged
        let fixture = try KeyringFixture()
        let keyring = fixture.keyring()
        for _ in 0..<2 { try fixture.scan(with: keyring) }
        try damage(fixture, kind)
        let damaged = fixture.contents()
        // When any operation reads it
        let error = #expect(throws: AlbumScanError.self) { try keyring.status() }
        #expect(throws: AlbumScanError.self) { try keyring.reserve(pid: getpid()) }
        #expect(throws: AlbumScanError.self) { try keyring.setTier(.ultra) }
        // Then it fails as a configuration problem naming the file, and the file is left as it was
        guard case .configuration(let message)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(message.contains("keyring at \(fixture.keyringPath) failed its integrity check"))
        #expect(message.contains("delete it to start over at the free tier"))
        #expect(fixture.contents() == damaged)
    }

    @Test func deletedKeyringStartsOverAtFree() throws {
        let fixture = try KeyringFixture()
        let keyring = fixture.keyring()
        try fixture.scan(with: keyring)
        try FileManager.default.removeItem(atPath: fixture.keyringPath)
        #expect(try keyring.status().scansUsed == 0)
    }

    @Test func eightKeyringsRacingOnTheFreeTierGetExactlyFiveScans() throws {
        // Given eight keyring instances on one fresh home
        let fixture = try KeyringFixture()
        let keyrings = (0..<8).map { _ in fixture.keyring() }
        let outcomes = KeyringOutcomes()
        let group = DispatchGroup()
        // When each reserves and commits a scan on its own thread at once
        for keyring in keyrings {
            group.enter()
            Thread {
                let outcome: String
                do {
                    try keyring.commit(try keyring.reserve(pid: getpid()))
                    outcome = "ok"
                } catch let error as AlbumScanError {
                    outcome = error.code
                } catch {
                    outcome = "\(error)"
                }
                outcomes.append(outcome)
                group.leave()
            }.start()
        }
        group.wait()
        // Then exactly five succeed, three are refused, and five are counted
        #expect(outcomes.count(of: "ok") == 5)
        #expect(outcomes.count(of: "quota-exhausted") == 3)
        let status = try fixture.keyring().status()
        #expect(status.scansUsed == 5 && status.scansRemaining == 0)
    }
}
