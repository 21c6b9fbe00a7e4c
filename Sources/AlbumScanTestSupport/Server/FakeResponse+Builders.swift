import Foundation

extension FakeResponse {
    /// A response that never comes: the request is read and then held until the server stops.
    package static let stall = FakeResponse(status: 0, behaviour: .stall)

    /// A connection closed right after the request, with no response at all.
    package static let closeWithoutResponse = FakeResponse(status: 0, behaviour: .closeWithoutResponse)

    /// A JSON response serialising `object` with sorted keys; a 500 naming the problem if it is not JSON.
    package static func json(_ object: Any, status: Int = 200, headers: [String: String] = [:]) -> FakeResponse {
        guard JSONSerialization.isValidJSONObject(object),
            let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else {
            return .text("fake: response object is not valid JSON: \(object)", status: 500)
        }
        var all = headers
        if all.keys.allSatisfy({ $0.lowercased() != "content-type" }) { all["Content-Type"] = "application/json" }
        return FakeResponse(status: status, headers: all, body: data)
    }

    /// A JSON response sending `text` verbatim.
    package static func jsonText(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> FakeResponse {
        FakeResponse(
            status: status, headers: headers.merging(["Content-Type": "application/json"]) { old, _ in old },
            body: Data(text.utf8))
    }

    /// A plain-text (or other `contentType`) response.
    package static func text(
        _ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8",
        headers: [String: String] = [:]
    ) -> FakeResponse {
        FakeResponse(
            status: status, headers: headers.merging(["Content-Type": contentType]) { old, _ in old },
            body: Data(text.utf8))
    }

    /// The bytes of the file at `url` served verbatim.
    package static func file(_ url: URL, status: Int = 200, contentType: String = "application/json") throws
        -> FakeResponse
    {
        FakeResponse(status: status, headers: ["Content-Type": contentType], body: try Data(contentsOf: url))
    }

    /// The loud answer for a request no route or stub expected; the body names the request.
    package static func unexpected(_ request: FakeRequest, by fake: String) -> FakeResponse {
        .text("\(fake): unexpected request \(request.method) \(request.target) (no route or stub)", status: 404)
    }
}
