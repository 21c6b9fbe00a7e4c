import Foundation

/// When to retry a failed request, and how long to wait first. Pure: randomness is passed in.
public struct RetryPolicy: Sendable, Equatable {
    public var maxRetries: Int
    public var initialDelay: Double
    public var maxDelay: Double
    /// A server asking for a longer wait than this is not retried.
    public var maxServerDelay: Double
    public var retryableStatuses: Set<Int>

    /// OpenAI: 408, 409, 429 and 5xx, two retries.
    public static let openAI = RetryPolicy(
        maxRetries: 2, initialDelay: 0.5, maxDelay: 8, maxServerDelay: 60,
        retryableStatuses: Set([408, 409, 429] + Array(500...599)))
    /// MusicBrainz and the Cover Art Archive: 429 and 503 (their rate-limit answers) plus other 5xx.
    public static let metadata = RetryPolicy(
        maxRetries: 3, initialDelay: 1, maxDelay: 8, maxServerDelay: 30,
        retryableStatuses: Set([429] + Array(500...599)))

    /// Seconds to wait before retry number `attempt` (0-based), or nil when the response must not be retried.
    public func delay(attempt: Int, response: HTTPResponse, random: Double, now: Date) -> Double? {
        guard attempt < maxRetries, retryableStatuses.contains(response.status) else { return nil }
        if response.header("x-should-retry") == "false" { return nil }
        // An account without credit stays without credit: OpenAI sends 429 with this code for it.
        if let code = OpenAIErrorBody.decode(response.body)?.code, code == "insufficient_quota" { return nil }
        if let server = Self.serverDelay(response, now: now) {
            return server <= maxServerDelay ? server : nil
        }
        return backoff(attempt: attempt, random: random)
    }

    /// Exponential backoff with up to 25% jitter.
    public func backoff(attempt: Int, random: Double) -> Double {
        min(initialDelay * pow(2, Double(attempt)), maxDelay) * (1 - 0.25 * random)
    }

    /// The wait a server asked for: `retry-after-ms`, then `Retry-After` in seconds or as an HTTP date.
    public static func serverDelay(_ response: HTTPResponse, now: Date) -> Double? {
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
