import AlbumScanTestSupport
import Foundation
import Testing

/// `serve --sku`: the session's default SKU goes to every photo, so a plain SKU is refused at start and only a
/// pattern (`A-{n}`) is taken.
@Suite struct ServeDefaultSKUTests {
    @Test("serve --sku A-1 exits 64 with one line, before it tries to listen")
    func aPlainSKUIsRefusedAtStart() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        // On a port in use, so a server that skipped the check ends at once (69) instead of serving.
        let occupied = try OccupiedPort()
        defer { occupied.release() }
        let output = try await fixture.runner.run(
            ["serve", "--bind", "127.0.0.1", "--port", "\(occupied.port)", "--sku", "A-1"], timeout: 30)
        #expect(output.status == 64, "\(output.stderr)")
        #expect(output.stderr.split(separator: "\n").count == 1, "\(output.stderr)")
        #expect(output.stderr.contains("--sku 'A-1'") && output.stderr.contains("A-1-{n}"), "\(output.stderr)")
        #expect(output.stdout.isEmpty, "no pairing link for a server that does not start")
    }

    @Test("serve --sku 'A-{n}' passes the check: it goes on to listen (here on a port in use: 69, naming --port)")
    func aPatternIsTaken() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let occupied = try OccupiedPort()
        defer { occupied.release() }
        let output = try await fixture.runner.run(
            ["serve", "--bind", "127.0.0.1", "--port", "\(occupied.port)", "--sku", "A-{n}"], timeout: 30)
        #expect(output.status == 69, "\(output.stderr)")
        #expect(output.stderr.contains("--port") && !output.stderr.contains("--sku"), "\(output.stderr)")
    }
}
