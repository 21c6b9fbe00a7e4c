import Foundation

/// `history --failed --csv`: the photos still failing as RFC 4180 CSV, formula-safe like `history --csv`.
package enum FailedScanCSV {
    /// The header row, fixed.
    package static let columns = ["file", "triedAt", "tries", "status", "code", "message", "inputSha256"]

    /// The whole document: the header and one record per failure, each ended by CRLF.
    package static func document(_ failures: [FailedScan]) -> String {
        ([columns] + failures.map(fields)).map(HistoryCSV.record).joined()
    }

    /// One record's cells, in `columns` order.
    static func fields(_ failure: FailedScan) -> [String] {
        [
            failure.file, HistoryCSV.timestamp(failure.triedAt), String(failure.tries), failure.status.rawValue,
            failure.error.code, failure.error.message, failure.inputSha256 ?? "",
        ]
    }
}
