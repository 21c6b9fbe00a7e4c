import AlbumScanCore
import Foundation
import Testing

/// User info and secret query values are redacted from any text a URL becomes.
@Suite struct URLRedactionTests {
    @Test(arguments: [
        ("http://u:S3cret@127.0.0.1:8080/v1", "http://REDACTED@127.0.0.1:8080/v1"),
        ("https://token@api.example.com/v1/chat", "https://REDACTED@api.example.com/v1/chat"),
        ("ftp://u:p@host", "ftp://REDACTED@host"),
        (
            "no recording for GET http://a:b@h/x?key=abc&fmt=json",
            "no recording for GET http://REDACTED@h/x?key=REDACTED&fmt=json"
        ),
        (
            "https://musicbrainz.org/ws/2/release?query=a%40b&fmt=json",
            "https://musicbrainz.org/ws/2/release?query=a%40b&fmt=json"
        ),
        ("https://h/p?API_KEY=x", "https://h/p?API_KEY=REDACTED"),
        ("mail me@example.com", "mail me@example.com"),
    ])
    func redacts(text: String, redacted: String) {
        #expect(URLRedaction.redact(text) == redacted)
    }

    @Test func urlPasswordsAreSecrets() throws {
        var settings = Settings()
        settings.openAIBaseURL = try #require(URL(string: "http://u:S3cret@127.0.0.1:9/v1"))
        #expect(settings.secrets.contains("S3cret"))
    }
}
