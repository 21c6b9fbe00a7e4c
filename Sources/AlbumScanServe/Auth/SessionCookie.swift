import AlbumScanCore
import Foundation

/// The cookie a pairing grants: a random client id and its HMAC-SHA256 under the pairing token. Any number of
/// clients can be paired, each with its own id (its queue bound is its own); a new token voids them all.
struct SessionCookie: Sendable {
    static let name = "albumscan_session"
    let key: Data

    init(token: String) {
        key = Data(token.utf8)
    }

    /// A new client's cookie value.
    func issue() -> String {
        let id = PairingToken.make().prefix(16)
        return "\(id).\(signature(of: String(id)))"
    }

    /// The `Set-Cookie` header for `value`: not readable from script, never sent by another site, a year long.
    static func header(_ value: String) -> String {
        "\(name)=\(value); Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000"
    }

    /// The client id of a valid cookie in a `Cookie` header, else nil.
    func client(cookieHeader: String?) -> String? {
        guard let cookieHeader else { return nil }
        for pair in cookieHeader.split(separator: ";") {
            let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0] == Self.name else { continue }
            let value = parts[1].split(separator: ".", maxSplits: 1)
            guard value.count == 2 else { continue }
            let id = String(value[0])
            if ConstantTime.equal(signature(of: id), String(value[1])) { return id }
        }
        return nil
    }

    private func signature(of id: String) -> String {
        Base64URL.encode(Data(Digest.hmacSHA256(key: key, data: Data(id.utf8))))
    }
}

/// Comparison of secrets in time that depends only on their lengths.
enum ConstantTime {
    static func equal(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }
}
