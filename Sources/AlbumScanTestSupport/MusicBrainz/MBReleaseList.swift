import Foundation

/// Builds release-search response bodies in the mb-solr release-list shape.
package enum MBReleaseList {
    /// `{"created","count","offset","releases":[...]}` for `releases`; `count` defaults to their number.
    package static func jsonObject(
        _ releases: [MBRelease], count: Int? = nil, offset: Int = 0, created: String = "2024-01-01T00:00:00.000Z"
    ) -> [String: Any] {
        ["created": created, "count": count ?? releases.count, "offset": offset, "releases": releases.map(\.jsonObject)]
    }

    /// A 200 JSON response listing `releases`.
    package static func response(_ releases: [MBRelease], count: Int? = nil, offset: Int = 0) -> FakeResponse {
        .json(jsonObject(releases, count: count, offset: offset), headers: ["Content-Type": "application/json; charset=utf-8"])
    }

    /// The empty result, `count: 0` and no releases.
    package static var empty: FakeResponse { response([]) }

    /// The mb-solr servable fixture (int score), verbatim.
    package static func servableFixture() throws -> FakeResponse {
        try SampleFiles.response("mb_release_search_mbsolr_fixture_servable.json")
    }

    /// The official doc example (string score), verbatim.
    package static func docExample() throws -> FakeResponse {
        try SampleFiles.response("mb_release_search_official_doc_example.json")
    }
}
