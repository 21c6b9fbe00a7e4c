import CDigest
import Foundation

/// SHA-256 and HMAC-SHA256 through OpenSSL's libcrypto (`Sources/CDigest`).
package enum Digest {
    /// The SHA-256 of `data`, 32 bytes.
    package static func sha256(_ data: some DataProtocol) -> [UInt8] {
        let bytes = [UInt8](data)
        var out = [UInt8](repeating: 0, count: 32)
        let status = bytes.withUnsafeBytes { albumscan_sha256($0.baseAddress, $0.count, &out) }
        // OpenSSL's SHA-256 cannot fail on memory it is given; a failure means the library itself is broken.
        precondition(status == 0, "OpenSSL's SHA-256 failed")
        return out
    }

    /// The HMAC-SHA256 of `data` under `key`, 32 bytes.
    package static func hmacSHA256(key: some DataProtocol, data: some DataProtocol) -> [UInt8] {
        let (keyBytes, bytes) = ([UInt8](key), [UInt8](data))
        var out = [UInt8](repeating: 0, count: 32)
        let status = keyBytes.withUnsafeBytes { k in
            bytes.withUnsafeBytes { albumscan_hmac_sha256(k.baseAddress, k.count, $0.baseAddress, $0.count, &out) }
        }
        precondition(status == 0, "OpenSSL's HMAC-SHA256 failed")
        return out
    }

    /// Lowercase hex of bytes.
    package static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    /// Whether two MACs are equal, in time that depends only on their lengths.
    package static func equalInConstantTime(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
