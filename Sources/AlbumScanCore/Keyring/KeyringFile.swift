import Foundation

/// The keyring's files in the home directory: the MAC'd state, its secret and its lock.
struct KeyringFile: Sendable {
    let keyringPath: String
    let secretPath: String
    let lockPath: String

    init(home: URL) {
        keyringPath = home.appendingPathComponent("keyring.json").path
        secretPath = home.appendingPathComponent(".keyring-secret").path
        lockPath = home.appendingPathComponent("keyring.lock").path
    }

    /// Deletes temporary files left by a writer that was killed mid-write. Call only while holding the lock:
    /// then no writer is at work, so every temporary file is an orphan.
    func removeOrphanedTemporaries() {
        let directory = (keyringPath as NSString).deletingLastPathComponent
        let prefixes = [keyringPath, secretPath].map { ($0 as NSString).lastPathComponent + PosixIO.temporarySuffix }
        // try?: orphans that cannot be listed stay behind, harmless, until a later writer removes them
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        where prefixes.contains(where: name.hasPrefix) {
            unlink(directory + "/" + name)
        }
    }

    /// The stored state, verified; on first run (no keyring file) a fresh free state, written out unless
    /// `create` is false. Call only while holding the lock, or on a read-only home.
    func load(period: String, create: Bool = true) throws -> KeyringState {
        guard let data = try PosixIO.readFile(keyringPath) else {
            let state = KeyringState.fresh(period: period)
            if create { try save(state, key: try secret(createIfMissing: true)) }
            return state
        }
        guard let key = try secret(createIfMissing: false),
            // try?: a keyring that does not decode is tampered with, and the error below says so
            let document = try? JSONDecoder().decode(KeyringDocument.self, from: data),
            KeyringDocument.readableFormats.contains(document.format),
            let mac = Self.bytes(fromHex: document.mac),
            Digest.equalInConstantTime(
                Digest.hmacSHA256(key: key, data: document.state.canonicalBytes(format: document.format)), [UInt8](mac)),
            document.state.isWellFormed
        else { throw integrityFailure() }
        var state = document.state
        // Before format 3 only scans on the monthly tiers were counted by month: the closest count there is.
        if document.format < 3 { state.monthPaidScans = state.monthScansUsed }
        return state
    }

    /// Writes the state with a fresh MAC, replacing the file atomically. Call only while holding the lock.
    /// `durable` also syncs the folder, so the new file survives a power cut. An older `format` is written only by
    /// tests that show such files stay readable.
    func save(_ state: KeyringState, durable: Bool = true, format: Int = KeyringDocument.currentFormat) throws {
        guard let key = try secret(createIfMissing: false) else { throw integrityFailure() }
        try save(state, key: key, durable: durable, format: format)
    }

    private func save(
        _ state: KeyringState, key: Data?, durable: Bool = true, format: Int = KeyringDocument.currentFormat
    ) throws {
        guard let key else { throw integrityFailure() }
        let mac = Digest.hmacSHA256(key: key, data: state.canonicalBytes(format: format))
        let document = KeyringDocument(format: format, state: state, mac: Self.hex(Data(mac)))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        var data = try encoder.encode(document)
        data.append(0x0A)
        try PosixIO.replace(keyringPath, with: data, syncFolder: durable)
    }

    // The secret is created only together with a fresh keyring: a keyring whose secret
    // went missing cannot be verified and must not be re-signed under a new one.
    private func secret(createIfMissing: Bool) throws -> Data? {
        if let text = try PosixIO.readFile(secretPath) {
            let hex = String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard let bytes = Self.bytes(fromHex: hex), bytes.count == 32 else { throw integrityFailure() }
            return Data(bytes)
        }
        guard createIfMissing else { return nil }
        var generator = SystemRandomNumberGenerator()
        let key = Data((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let hex = Self.hex(key)
        try PosixIO.replace(secretPath, with: Data((hex + "\n").utf8))
        return key
    }

    /// The error for a keyring that cannot be trusted; it is reported, never reset.
    func integrityFailure() -> AlbumScanError {
        .configuration(
            "keyring at \(keyringPath) failed its integrity check (edited or corrupt); "
                + "restore it from a backup, or delete it to start over at the free tier")
    }

    static func hex(_ data: Data) -> String {
        data.map { String(format: "%02x", $0) }.joined()
    }

    static func bytes(fromHex hex: String) -> Data? {
        guard hex.count % 2 == 0 else { return nil }
        var data = Data(capacity: hex.count / 2)
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
            data.append(byte)
            index = next
        }
        return data
    }
}
