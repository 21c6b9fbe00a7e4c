import AlbumScanCore
import AlbumScanServe
import AlbumScanTestSupport
import Foundation
import Testing

/// The pairing token's file. Pairing, cookies, the bearer token and the Host and Origin checks are
/// ServeAccessTests' and ServeUnpairedBrowserTests' tables, in-process.
@Suite struct ServeAuthTests {
    @Test("the token file is the token alone, mode 0600; it survives a reload until renewed")
    func tokenFile() async throws {
        try await InProcessServe.run { serve in
            let file = serve.test.environment.home.appendingPathComponent(PairingToken.fileName)
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == serve.token)
            #expect(serve.token.count >= 22)
            #expect(try PairingToken.load(home: serve.test.environment.home, renew: false) == serve.token)
            let renewed = try PairingToken.load(home: serve.test.environment.home, renew: true)
            #expect(renewed != serve.token)
            let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber
            #expect(mode?.intValue == 0o600)
        }
    }
}

/// The `error.code` of a JSON error answer.
func errorCode(_ answer: RawHTTP.Answer) throws -> String? {
    ((try answer.json() as? [String: Any])?["error"] as? [String: Any])?["code"] as? String
}
