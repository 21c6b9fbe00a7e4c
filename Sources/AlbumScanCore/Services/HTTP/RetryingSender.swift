import Foundation

/// Sends a request with a retry policy; returns the last response, which may still be an error status.
struct RetryingSender {
    let environment: AppEnvironment
    let policy: RetryPolicy
    /// Service name for log lines, such as "openai".
    let service: String

    func send(_ request: HTTPRequest, followRedirects: Bool = false) async throws -> HTTPResponse {
        var attempt = 0
        while true {
            let response: HTTPResponse
            do {
                response =
                    followRedirects
                    ? try await Redirects.follow(request, via: environment.transport)
                    : try await environment.transport.send(request)
            } catch let error as HTTPTransportError {
                // A connection that failed or stalled is tried once more, not the full count: a stalled
                // server rarely recovers, and each try costs a whole timeout.
                guard Self.isTransient(error), attempt < min(policy.maxRetries, 1) else { throw error }
                let wait = policy.backoff(attempt: attempt, random: environment.random())
                environment.log("\(service): \(error.summary); retrying in \(Self.format(wait))")
                try await environment.sleep(wait)
                attempt += 1
                continue
            }
            guard
                let wait = policy.delay(
                    attempt: attempt, response: response, random: environment.random(), now: environment.now())
            else { return response }
            environment.log("\(service): HTTP \(response.status); retrying in \(Self.format(wait))")
            try await environment.sleep(wait)
            attempt += 1
        }
    }

    /// Connection trouble worth another try; a bad certificate, an unknown host or an oversized body is not.
    static func isTransient(_ error: HTTPTransportError) -> Bool {
        switch error {
        case .connectionRefused, .connectionLost, .timedOut: true
        // These fail the same way on the next try: retrying only delays the message.
        case .certificate, .hostNotFound, .unsupportedProtocol, .responseTooLarge, .tooManyRedirects,
            .unsupportedRedirect, .notRecorded, .curl, .failed:
            false
        }
    }

    static func format(_ seconds: Double) -> String { String(format: "%.2fs", seconds) }
}
