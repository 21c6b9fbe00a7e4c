/// What the search gate decided about ID Call 2.
package enum SearchGateResult: String, Codable, Sendable, CaseIterable {
    case notNeeded = "not-needed"
    case passed
    case blocked
    case bypassed
    case notAllowed = "not-allowed"
    /// The gate would let ID Call 2 run, but the provider has no web search (a local server).
    case unavailable
}

/// Where a scan's artwork came from.
package enum ArtworkStatus: String, Codable, Sendable {
    case fetched, cached, unavailable
}

/// Where a scan's review came from.
package enum ReviewStatus: String, Codable, Sendable {
    case generated, cached, unavailable
}
