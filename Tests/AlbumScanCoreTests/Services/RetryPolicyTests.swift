import Foundation
import Testing

@testable import AlbumScanCore

@Suite struct RetryPolicyTests {
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test(arguments: [408, 409, 429, 500, 502, 503])
    func retriesTransientStatuses(status: Int) {
        #expect(RetryPolicy.openAI.delay(attempt: 0, response: HTTPResponse(status: status), random: 0, now: now) == 0.5)
    }

    @Test(arguments: [400, 401, 403, 404, 422])
    func neverRetriesOtherClientErrors(status: Int) {
        #expect(RetryPolicy.openAI.delay(attempt: 0, response: HTTPResponse(status: status), random: 0, now: now) == nil)
    }

    @Test func backsOffExponentiallyWithJitterAndStops() {
        let policy = RetryPolicy.openAI
        #expect(policy.delay(attempt: 1, response: HTTPResponse(status: 500), random: 0, now: now) == 1.0)
        #expect(policy.delay(attempt: 1, response: HTTPResponse(status: 500), random: 1, now: now) == 0.75)
        #expect(policy.delay(attempt: 2, response: HTTPResponse(status: 500), random: 0, now: now) == nil)
    }

    @Test func honoursServerDelays() {
        let policy = RetryPolicy.openAI
        #expect(
            policy.delay(attempt: 0, response: HTTPResponse(status: 429, headers: ["Retry-After": "2"]), random: 0, now: now) == 2
        )
        #expect(
            policy.delay(
                attempt: 0, response: HTTPResponse(status: 429, headers: ["retry-after-ms": "250", "Retry-After": "9"]),
                random: 0, now: now) == 0.25)
        #expect(
            policy.delay(attempt: 0, response: HTTPResponse(status: 429, headers: ["Retry-After": "600"]), random: 0, now: now)
                == nil)
        let date = "Tue, 14 Nov 2023 22:13:23 GMT"  // now + 3 s
        #expect(
            policy.delay(attempt: 0, response: HTTPResponse(status: 503, headers: ["Retry-After": date]), random: 0, now: now)
                == 3)
    }

    @Test func respectsXShouldRetryFalse() {
        let response = HTTPResponse(status: 500, headers: ["x-should-retry": "false"])
        #expect(RetryPolicy.openAI.delay(attempt: 0, response: response, random: 0, now: now) == nil)
    }
}
