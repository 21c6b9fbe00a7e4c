import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

/// Real camera photos of printed covers (../shared/realphotos, read in place) scanned by the binary against the fakes:
/// the fake model names an album and the fake Cover Art Archive serves that album's real artwork.
@Suite(.enabled(if: RealPhotoWorld.available, "needs ../shared/realphotos"))
struct RealPhotoScanTests {
    /// The held-out (even-numbered) cases; the matcher was tuned on the odd ones. A whole scan per photo costs CPU
    /// the rest of the suite shares, so the suite scans the first eight; `make test-real-photos`
    /// (ALBUMSCAN_REAL_PHOTOS=all) scans them all.
    static func heldOut() -> [RealPhotoWorld.Case] {
        let cases = RealPhotoWorld.cases().filter { $0.number % 2 == 0 }
        return ProcessInfo.processInfo.environment["ALBUMSCAN_REAL_PHOTOS"] == "all" ? cases : Array(cases.prefix(8))
    }

    /// Floors a little under the targets (0.95 verified, 0.90 answered locally), since eight photos are a small
    /// sample; the bench's `real` group measures the rates on every held-out photo. A fall below these is a regression.
    static let verifiedFloor = 0.85
    static let localFloor = 0.6

    @Test func theRightAlbumVerifiesAndAWrongOneNever() async throws {
        let cases = Self.heldOut()
        let naming = LockedValue<String?>(nil)
        let services = try RealPhotoWorld.start(RealPhotoWorld.cases(), naming: naming)
        defer { services.stop() }
        let runner = try CLIRunner(services: services.environment)
        defer { runner.remove() }
        _ = try await runner.run(["account", "set-tier", "ultra"])
        var verified = 0
        for item in cases {
            let photo = try #require(item.photos["e63"])
            naming.withLock { $0 = item.album.slug }
            let line = try await Self.scan(photo, runner)
            if Self.status(line) == "verified" { verified += 1 }
        }
        let rate = Double(verified) / Double(cases.count)
        #expect(rate >= Self.verifiedFloor, "\(verified) of \(cases.count) verified")
        print("real photos end to end: \(verified) of \(cases.count) verified")

        // Odd cases' photos, each named as a neighbouring even case (covers of one studio sit side by side).
        let all = RealPhotoWorld.cases()
        let last = cases.last?.number ?? 0
        var (wrongScans, wrongVerified) = (0, 0)
        for (index, item) in all.enumerated() where item.number % 2 == 1 && index + 1 < all.count && item.number < last {
            let photo = try #require(item.photos["e63"])
            let wrong = all[index + 1].album
            naming.withLock { $0 = wrong.slug }
            let line = try await Self.scan(photo, runner)
            let title = (line["album"] as? [String: Any])?["title"] as? String
            if title == wrong.title {
                wrongScans += 1
                if Self.status(line) == "verified" { wrongVerified += 1 }
                #expect(
                    Self.status(line) != "verified",
                    "\(photo.lastPathComponent) of case \(item.number) verified as \(wrong.title)")
            }
        }
        #expect(wrongScans > 0)
        print("real photos end to end, named as a neighbouring case: \(wrongVerified) of \(wrongScans) verified")
    }

    @Test func aSecondPhotoOfAScannedCaseIsMatchedLocally() async throws {
        let cases = Self.heldOut().filter { $0.photos.count > 1 }
        let naming = LockedValue<String?>(nil)
        let services = try RealPhotoWorld.start(RealPhotoWorld.cases(), naming: naming)
        defer { services.stop() }
        let runner = try CLIRunner(services: services.environment)
        defer { runner.remove() }
        _ = try await runner.run(["account", "set-tier", "ultra"])
        var local = 0
        var verifiedFirst = 0
        for item in cases {
            naming.withLock { $0 = item.album.slug }
            guard let first = item.photos["e63"], let second = item.photos.first(where: { $0.key != "e63" })?.value
            else { continue }
            guard Self.status(try await Self.scan(first, runner)) == "verified" else { continue }
            verifiedFirst += 1
            // The model would name nothing now: a local answer must come without it.
            naming.withLock { $0 = "none" }
            let calls = services.openAI.calls.count
            let line = try await Self.scan(second, runner)
            let identification = line["identification"] as? [String: Any]
            if identification?["method"] as? String == "local" {
                local += 1
                #expect(services.openAI.calls.count == calls, "no model request for \(second.path)")
                #expect((line["album"] as? [String: Any])?["title"] as? String == item.album.title)
            }
        }
        #expect(verifiedFirst > 0)
        print("real photos end to end: \(local) of \(verifiedFirst) second photos answered locally")
        #expect(
            Double(local) >= Self.localFloor * Double(verifiedFirst),
            "\(local) of \(verifiedFirst) second photos matched locally")
    }

    static func scan(_ photo: URL, _ runner: CLIRunner) async throws -> [String: Any] {
        let output = try await runner.run(["scan", photo.path, "--json"], timeout: 120)
        return output.jsonLines.first ?? [:]
    }

    static func status(_ line: [String: Any]) -> String? {
        (line["verification"] as? [String: Any])?["status"] as? String
    }
}
