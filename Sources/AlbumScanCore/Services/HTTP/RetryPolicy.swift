import Foundation

/// When to retry a failed request, and how long to wait first. Pure: randomness is passed in.
package struct RetryPolicy: Sendable, Equatable {
    package var maxRetries: Int
    package var initialDelay: Double
    package var maxDelay: Double
    /// A server asking for a longer wait than this is not retried.
    package var maxServerDelay: Double
    package var retryableStatuses: Set<Int>
    /// Statuses retried only when the server says when (Anthropic's spend-limit 429 comes without `retry-after`).
    package var retryAfterRequired: Set<Int> = []
    /// Whether the wait may come from Google's `RetryInfo.retryDelay` in the error body (Gemini sends no header).
    package var readsRetryInfo = false

    /// OpenAI: 408, 409, 429 and 5xx, two retries.
    package static let openAI = RetryPolicy(
        maxRetries: 2, initialDelay: 0.5, maxDelay: 8, maxServerDelay: 60,
        retryableStatuses: Set([408, 409, 429] + Array(500...599)))
    /// Anthropic: the SDKs' rules (408, 409, 429, 5xx including 529 overloaded; two retries, 0.5 s to 8 s), except that
    /// a 429 without `retry-after` is a spend limit and is not retried.
    package static let anthropic = RetryPolicy(
        maxRetries: 2, initialDelay: 0.5, maxDelay: 8, maxServerDelay: 60,
        retryableStatuses: Set([408, 409, 429] + Array(500...599)), retryAfterRequired: [429])
    /// Gemini: 429 (waiting as long as `RetryInfo` asks), 500, 503 overloaded and 504; two retries.
    package static let gemini = RetryPolicy(
        maxRetries: 2, initialDelay: 1, maxDelay: 8, maxServerDelay: 60, retryableStatuses: [408, 429, 500, 502, 503, 504],
        readsRetryInfo: true)
    /// Local OpenAI-compatible servers: overload and gateway statuses, not 500 (llama.cpp answers a request it can
    /// never serve, such as an image for a text-only model, with 500).
    package static let local = RetryPolicy(
        maxRetries: 2, initialDelay: 0.5, maxDelay: 8, maxServerDelay: 60, retryableStatuses: [408, 409, 429, 502, 503, 504])
    /// MusicBrainz and the Cover Art Archive: 429 and 503 (their rate-limit answers) plus other 5xx.
    package static let metadata = RetryPolicy(
        maxRetries: 3, initialDelay: 1, maxDelay: 8, maxServerDelay: 30,
        retryableStatuses: Set([429] + Array(500...599)))

    /// Seconds to wait before retry number `attempt` (0-based), or nil when the response must not be retried.
    package func delay(attempt: Int, response: HTTPResponse, random: Double, now: Date) -> Double? {
        guard attempt < maxRetries, retryableStatuses.contains(response.status) else { return nil }
        if response.header("x-should-retry") == "false" { return nil }
        // An account without credit stays without credit: OpenAI sends 429 with this code for it.
        if let code = OpenAIErrorBody.decode(response.body)?.code, code == "insufficient_quota" { return nil }
        let server = Self.serverDelay(response, now: now) ?? (readsRetryInfo ? GoogleRetryInfo.delay(response.body) : nil)
        if let server {
            return server <= maxServerDelay ? server : nil
        }
        if retryAfterRequired.contains(response.status) { return nil }
        return backoff(attempt: attempt, random: random)
    }

    /// Exponential backoff with up to 25% jitter.
    package func backoff(attempt: Int, random: Double) -> Double {
        min(initialDelay * pow(2, Double(attempt)), maxDelay) * (1 - 0.25 * random)
    }

    /// The wait a server asked for: `retry-after-ms`, then `Retry-After` in seconds or as an HTTP date.
    package static func serverDelay(_ response: HTTPResponse, now: Date) -> Double? {
        if let ms = response.header("retry-after-ms").flatMap(Double.init), ms >= 0 { return ms / 1000 }
        guard let value = response.header("retry-after")?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = Double(value), seconds >= 0 { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}

/// Google's `google.rpc.RetryInfo` error detail: `{"error": {"details": [{"@type": "…RetryInfo", "retryDelay": "12.7s"}]}}`.
enum GoogleRetryInfo {
    static func delay(_ body: Data) -> Double? {
        // try?: a body without Google's RetryInfo is nil, and the usual backoff applies
        guard let json = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let details = (json["error"] as? [String: Any])?["details"] as? [[String: Any]]
        else { return nil }
        for detail in details where (detail["@type"] as? String)?.hasSuffix("google.rpc.RetryInfo") == true {
            guard var text = detail["retryDelay"] as? String else { continue }
            if text.hasSuffix("s") { text.removeLast() }
            if let seconds = Double(text), seconds >= 0 { return seconds }
        }
        return nil
    }
}
