import AlbumScanApp
import AlbumScanCore
import Foundation

/// Prints the account: tier and quota from the keyring, this month's model usage and estimated spend from the store.
struct AccountPrinter {
    let setup: AppSetup
    let json: Bool

    func print() async throws {
        let environment = setup.environment
        let (keyring, store) = (environment.keyring, try await environment.storeToRead())
        let monthStart = Self.startOfMonth(environment.now())
        let (status, used, free) = try await store.run { database in
            (try keyring.status(), try database.usage(since: monthStart), try database.freeScans(since: monthStart))
        }
        let freeScans = Dictionary(uniqueKeysWithValues: free.map { ($0.key.rawValue, $0.value) })
        let usage = used.map { model in
            ModelSpend(
                provider: model.provider.rawValue, model: model.model, calls: model.calls, promptTokens: model.promptTokens,
                completionTokens: model.completionTokens, imageTokens: model.imageTokens, webSearches: model.webSearches,
                estimatedCostUSD: setup.prices.cost(model).map(Self.dollars))
        }
        let photos = try KeptPhotos(home: environment.home).usage()
        if json {
            let report = AccountReport(
                status: status, usage: usage, freeScans: freeScans,
                keptPhotos: .init(count: photos.count, bytes: photos.bytes))
            environment.console.out(try JSONOutput.encode(report, pretty: true))
            return
        }
        var lines = [
            "Tier:            \(status.tier.rawValue)",
            "Advanced search: \(status.advancedSearch ? "on" : "off")",
            "Scans used:      \(Self.quota(status))",
            "Period:          \(status.period)",
        ]
        if let resets = status.resetsAt { lines.append("Resets:          \(ISO8601DateFormatter().string(from: resets))") }
        let byMethod = freeScans.sorted { $0.key < $1.key }.filter { $0.value > 0 }.map { "\($0.key) \($0.value)" }
        lines.append(
            "Free scans:      \(freeScans.values.reduce(0, +)) this month, no model call"
                + (byMethod.isEmpty ? "" : " (\(byMethod.joined(separator: ", ")))"))
        if photos.count > 0 {
            lines.append(
                "Kept photos:     \(photos.count) sent to serve, "
                    + ByteCountFormatter.string(fromByteCount: Int64(photos.bytes), countStyle: .file))
        }
        lines.append("")
        lines.append("This month's model use (estimated from token prices):")
        if usage.isEmpty { lines.append("  none yet") }
        for spend in usage {
            let cost = spend.estimatedCostUSD.map { String(format: "$%.4f", $0) } ?? "no price set"
            let image = spend.imageTokens > 0 ? " (\(spend.imageTokens) image)" : ""
            let searches = spend.webSearches > 0 ? ", \(spend.webSearches) web search\(spend.webSearches == 1 ? "" : "es")" : ""
            lines.append(
                "  \(spend.provider) \(spend.model): \(spend.calls) call\(spend.calls == 1 ? "" : "s"), \(spend.promptTokens)\(image) + "
                    + "\(spend.completionTokens) tokens\(searches), \(cost)")
        }
        environment.console.out(lines.joined(separator: "\n"))
    }

    /// "3 of 120 (117 left)", with where a limit set by `set-limit` came from; "3 (no limit …)" when unlimited.
    static func quota(_ status: QuotaStatus) -> String {
        let own = status.limitSource == .keyring
        guard let limit = status.scanLimit else { return "\(status.scansUsed) (no limit, set with account set-limit)" }
        let left = "\(status.scansRemaining ?? 0) left"
        return "\(status.scansUsed) of \(limit) (\(left)\(own ? "; limit set with account set-limit" : ""))"
    }

    /// Dollars to six decimals (a millionth of a dollar), as `eval` reports them: sums of token prices otherwise
    /// print as 0.040002499999999996.
    static func dollars(_ value: Double) -> Double { (value * 1_000_000).rounded() / 1_000_000 }

    static func startOfMonth(_ date: Date) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar.date(from: calendar.dateComponents([.year, .month], from: date)) ?? date
    }
}

/// `account --json`: the quota fields plus this month's usage.
struct AccountReport: Encodable {
    var status: QuotaStatus
    var usage: [ModelSpend]
    /// Scans this month identified with no model call, by method (not charged to the quota).
    var freeScans: [String: Int]
    /// The photos `serve` keeps in `$ALBUMSCAN_HOME/photos` (DESIGN wave 5).
    var keptPhotos: KeptPhotoUsage

    struct KeptPhotoUsage: Encodable {
        var count: Int
        var bytes: Int
    }

    func encode(to encoder: any Encoder) throws {
        try status.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(usage, forKey: .usage)
        try container.encode(
            AccountPrinter.dollars(usage.compactMap(\.estimatedCostUSD).reduce(0, +)), forKey: .estimatedSpendUSD)
        try container.encode(freeScans, forKey: .freeScans)
        try container.encode(keptPhotos, forKey: .keptPhotos)
    }

    enum CodingKeys: String, CodingKey { case usage, estimatedSpendUSD, freeScans, keptPhotos }
}

/// One provider's model: calls, tokens (the image's share of the prompt tokens too) and web searches this month.
struct ModelSpend: Encodable {
    var provider: String
    var model: String
    var calls: Int
    var promptTokens: Int
    var completionTokens: Int
    var imageTokens: Int
    var webSearches: Int
    var estimatedCostUSD: Double?
}
