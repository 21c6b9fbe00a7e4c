import Foundation

/// The pure parts of a Discogs database search: reading its results and its rate-limit headers.
enum DiscogsSearch {
    /// One result of `/database/search`, reduced to what matching needs.
    struct Result: Equatable {
        var id: Int
        var title: String
        var catalogNumber: String?
        var barcodes: [String]
    }

    /// The release results of a search body (`{"pagination", "results": [{"id", "type", "title", "catno",
    /// "barcode": [...]}]}`); nil when it is not one.
    static func results(_ body: Data) -> [Result]? {
        // try?: a body that is not a search result is nil, which `releaseIds` throws as unreadable
        guard let json = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
            let results = json["results"] as? [[String: Any]]
        else { return nil }
        return results.compactMap { result in
            guard LenientJSON.string(result["type"]).map({ $0 == "release" }) ?? true,
                let number = LenientJSON.number(result["id"]), number.isFinite, number > 0, number < 1e12
            else { return nil }
            return Result(
                id: Int(number), title: LenientJSON.string(result["title"]) ?? "",
                catalogNumber: LenientJSON.string(result["catno"]), barcodes: LenientJSON.strings(result["barcode"]))
        }
    }

    /// The ids of the results that pass `matching`, without repeats. Throws on a body that is not a search result:
    /// that is no answer, where an empty list would be cached as "Discogs has none".
    static func releaseIds(_ body: Data, matching: (Result) -> Bool) throws -> [Int] {
        guard let results = results(body) else {
            throw HTTPTransportError.failed("Discogs answered the search with unreadable JSON")
        }
        var ids: [Int] = []
        for result in results where matching(result) && !ids.contains(result.id) { ids.append(result.id) }
        return ids
    }

    /// Only the digits: Discogs lists barcodes as printed, with spaces and dashes.
    static func digits(_ barcode: String) -> String {
        String(barcode.filter { $0.isASCII && $0.isNumber })
    }

    /// Two barcodes are the same whatever their spacing and leading zeros (a UPC-A is its EAN-13 with a 0 in front).
    static func sameBarcode(_ listed: String, _ digits: String) -> Bool {
        let a = Self.digits(listed).drop { $0 == "0" }, b = digits.drop { $0 == "0" }
        return !a.isEmpty && a == b
    }

    /// When every process must wait until: the server's `Retry-After` on a 429 (else a whole window), or a whole
    /// window when `X-Discogs-Ratelimit-Remaining` says none are left; nil when requests may go on at the usual pace.
    static func hold(_ response: HTTPResponse, now: Double, window: Double) -> Double? {
        if response.status == 429 {
            let asked = RetryPolicy.serverDelay(response, now: Date(timeIntervalSince1970: now))
            return now + min(asked ?? window, window)
        }
        if let remaining = response.header("x-discogs-ratelimit-remaining").flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }),
            remaining <= 0
        {
            return now + window
        }
        return nil
    }
}
