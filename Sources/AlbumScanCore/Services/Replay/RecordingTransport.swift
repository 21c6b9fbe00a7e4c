import Foundation
import Synchronization

/// Performs real requests through another transport and saves each exchange, secrets redacted.
package final class RecordingTransport: HTTPTransport, Sendable {
    private let inner: any HTTPTransport
    private let directory: URL
    private let secrets: [String]
    private let counter = OccurrenceCounter()
    private let roots: ServiceRoots

    /// `secrets` are strings (such as the API key) scrubbed from anything written; `roots` place each request.
    package init(
        inner: any HTTPTransport, directory: URL, secrets: [String], roots: ServiceRoots = ServiceRoots(settings: Settings())
    ) throws {
        self.inner = inner
        self.roots = roots
        self.directory = directory
        self.secrets = secrets.filter { $0.count >= 4 }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    package func warmUp() {
        inner.warmUp()
    }

    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let response = try await inner.send(request)
        let key = Recording.request(for: request, roots: roots)
        let stem = Recording.stem(for: key)
        let occurrence = counter.next(stem)
        var kept = response.headers.filter { Recording.keptHeaders.contains($0.key) }
        kept = kept.mapValues(redact)
        var stored = Recording.Response(status: response.status, headers: kept)
        if let text = String(data: response.body, encoding: .utf8) {
            stored.body = redact(text)
        } else {
            stored.bodyBase64 = response.body.base64EncodedString()
        }
        var recordedKey = key
        recordedKey.url = redact(key.url)
        try write(Recording(request: recordedKey, response: stored), to: "\(stem).\(occurrence).json")
        return response
    }

    /// Replaces every configured secret, URL user info (and `?key=` values), and anything shaped like an OpenAI or
    /// Anthropic key (`sk-…`, `sk-ant-…`) or a Google API key (`AIza…`).
    func redact(_ text: String) -> String {
        var result = URLRedaction.redact(text)
        for secret in secrets { result = result.replacingOccurrences(of: secret, with: "REDACTED") }
        result = result.replacingOccurrences(of: #"sk-[A-Za-z0-9_\-\*]{6,}"#, with: "sk-REDACTED", options: .regularExpression)
        return result.replacingOccurrences(of: #"AIza[0-9A-Za-z_\-]{20,}"#, with: "AIza-REDACTED", options: .regularExpression)
    }

    /// Written whole through `OutputFile`, with sorted keys so unchanged traffic gives no diff.
    private func write(_ recording: Recording, to name: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = try encoder.encode(recording) + Data("\n".utf8)
        try OutputFile.write(data, to: directory.appendingPathComponent(name).path)
    }
}

/// Counts how often each request key has been seen in this process, from 1.
final class OccurrenceCounter: Sendable {
    private let seen = Mutex<[String: Int]>([:])

    func next(_ key: String) -> Int {
        seen.withLock { seen in
            seen[key, default: 0] += 1
            return seen[key] ?? 1
        }
    }
}
