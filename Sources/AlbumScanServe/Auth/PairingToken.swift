import AlbumScanCore
import Foundation

/// The pairing token in `$ALBUMSCAN_HOME/serve-token`: 256 random bits, base64url, the file's whole content, mode
/// 0600. It survives restarts until `--new-token` replaces it, which also makes every cookie it granted worthless
/// (cookies are signed with it).
package enum PairingToken {
    /// The token file's name in the home.
    package static let fileName = "serve-token"

    /// The stored token, or a new one (saved) when there is none, the file holds no valid token, or `renew`.
    package static func load(home: URL, renew: Bool) throws -> String {
        let file = home.appendingPathComponent(fileName)
        if !renew, let data = FileManager.default.contents(atPath: file.path) {
            let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if isWellFormed(text) { return text }
        }
        let token = make()
        try save(token, to: file)
        return token
    }

    /// A new token: 32 bytes from the system's generator, base64url without padding (43 characters).
    package static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Base64URL.encode(Data(bytes))
    }

    /// At least 128 bits of URL-safe characters.
    static func isWellFormed(_ text: String) -> Bool {
        text.count >= 22 && text.unicodeScalars.allSatisfy { Base64URL.alphabet.contains($0) }
    }

    /// Written to a temporary file created 0600, then renamed over the old one.
    static func save(_ token: String, to file: URL) throws {
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(fileName).\(getpid())")
        let created = FileManager.default.createFile(
            atPath: temporary.path, contents: Data(token.utf8), attributes: [.posixPermissions: 0o600])
        guard created, rename(temporary.path, file.path) == 0 else {
            unlink(temporary.path)
            throw AlbumScanError.storage("cannot write \(file.path); check that the state folder is writable")
        }
    }
}
