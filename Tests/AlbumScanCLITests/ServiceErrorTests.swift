import AlbumScanTestSupport
import Foundation
import Testing

@Suite struct ServiceErrorTests {
    @Test func a429WithRetryAfterIsRetriedAfterTheWait() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let first = LockedValue(true)
        fixture.services.openAI.respond { call in
            if call.hasImage,
                first.withLock({ isFirst in
                    defer { isFirst = false }; return isFirst
                })
            {
                return .rateLimited(retryAfter: 1)
            }
            return FixtureWorld.reply(call)
        }
        let output = try await fixture.run(["scan", try fixture.cover("01"), "--json"])
        #expect(output.status == 0, "\(output.stderr)")
        let arrivals = fixture.services.openAI.server.requests.map(\.receivedAt)
        try #require(arrivals.count >= 2)
        #expect(arrivals[1].timeIntervalSince(arrivals[0]) >= 1.0)
        print(String(format: "429 with Retry-After: 1 was retried after %.3f s", arrivals[1].timeIntervalSince(arrivals[0])))
    }

    @Test func rateLimitingPastTheRetriesExits75() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        fixture.services.openAI.respond { _ in .rateLimited(retryAfter: 0) }
        let output = try await fixture.run(["scan", try fixture.cover("01")])
        #expect(output.status == 75)
        #expect(fixture.services.openAI.calls.count == 3)
        #expect(output.stderr.contains("rate limit"))
    }

    @Test func insufficientQuotaIsNotRetriedAndExits69() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        fixture.services.openAI.respond { _ in .insufficientQuota }
        let output = try await fixture.run(["scan", try fixture.cover("01")])
        #expect(output.status == 69)
        #expect(fixture.services.openAI.calls.count == 1)
        #expect(output.stderr.contains("no credit"))
    }

    @Test(arguments: [
        FakeChatReply.refusal("I can't help with that."), .truncated("{\"status\": \"iden"), .content("no JSON here at all"),
    ])
    func badRepliesAreRetriedOnceThenUnidentified(reply: FakeChatReply) async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        fixture.services.openAI.respond { _ in reply }
        let output = try await fixture.run(["scan", try fixture.cover("01"), "--verbose"])
        #expect(output.status == 1)
        #expect(fixture.services.openAI.calls.count == 2)
        #expect(output.stderr.contains("attempt 2 of 2"))
        #expect(output.stderr.contains("Unable to identify this cover art"))
        let account = try await fixture.run(["account", "--json"]).json as? [String: Any]
        #expect(account?["scansUsed"] as? Int == 0)
    }

    @Test func aSecondReplyFixesAFirstBadOne() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let first = LockedValue(true)
        fixture.services.openAI.respond { call in
            if call.hasImage,
                first.withLock({ isFirst in
                    defer { isFirst = false }; return isFirst
                })
            {
                return .content("```json\n{\"status\": \"identified\", \"artist\": \n```")
            }
            return FixtureWorld.reply(call)
        }
        let output = try await fixture.run(["scan", try fixture.cover("01"), "--json"])
        #expect(output.status == 0)
        #expect(fixture.services.openAI.calls.filter(\.hasImage).count == 2)
    }
}
