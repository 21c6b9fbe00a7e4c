import AlbumScanApp
import AlbumScanCore
import Foundation

/// The words of the line that closes a batch on stderr, e.g.
/// `12 photos: 9 identified (3 free: 2 local, 1 duplicate), 1 unidentified, 1 failed, 1 skipped; ~$0.04; 8.2 s`.
enum SummaryLine {
    /// The free methods in the order the line names them.
    static let freeMethods: [IdentificationMethod] = [.local, .barcode, .duplicate]

    static func text(_ summary: BatchSummary, spend: SpendEstimate?, elapsed: Duration) -> String {
        var counts = ["\(summary.identified) identified" + free(summary)]
        if summary.unidentified > 0 { counts.append("\(summary.unidentified) unidentified") }
        if summary.failed > 0 { counts.append("\(summary.failed) failed") }
        if summary.skipped > 0 {
            let set = summary.shopFieldsSet
            counts.append("\(summary.skipped) skipped" + (set == 0 ? "" : " (shop fields set on \(set) already scanned)"))
        }
        let photos = "\(summary.photos) photo\(summary.photos == 1 ? "" : "s")"
        return "\(photos): \(counts.joined(separator: ", ")); \(money(spend)); \(time(elapsed))"
    }

    static func free(_ summary: BatchSummary) -> String {
        guard summary.freeCount > 0 else { return "" }
        let methods = freeMethods.compactMap { method in summary.free[method].map { "\($0) \(method.rawValue)" } }
        return " (\(summary.freeCount) free: \(methods.joined(separator: ", ")))"
    }

    /// The estimated spend; nil when the usage could not be read.
    static func money(_ spend: SpendEstimate?) -> String {
        guard let spend else { return "spend unknown" }
        guard spend.calls > 0 else { return "no model calls" }
        let dollars =
            spend.dollars > 0 && spend.dollars < 0.005 ? "<$0.01" : "~$" + String(format: "%.2f", spend.dollars)
        guard spend.unpricedCalls > 0 else { return dollars }
        let unpriced = "\(spend.unpricedCalls) call\(spend.unpricedCalls == 1 ? "" : "s") with no price"
        return spend.unpricedCalls == spend.calls ? "spend unknown (\(unpriced))" : "\(dollars) + \(unpriced)"
    }

    static func time(_ elapsed: Duration) -> String {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        if seconds < 60 { return String(format: "%.1f s", seconds) }
        let whole = Int(seconds.rounded())
        if whole < 3600 { return "\(whole / 60) min \(whole % 60) s" }
        return "\(whole / 3600) h \(whole % 3600 / 60) min"
    }
}
