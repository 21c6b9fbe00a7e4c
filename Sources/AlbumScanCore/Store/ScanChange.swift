import Foundation

/// Who changed a scan and when: the door (`cli`, or `page:` and the page's client) and the time. Every write that
/// changes what `show --json` shows is stamped, and the scan's version grows by one.
package struct ChangeStamp: Sendable, Equatable {
    package var door: String
    package var at: Date

    package init(door: String, at: Date) {
        self.door = door
        self.at = at
    }

    /// A change made now from the shell.
    package static var cli: ChangeStamp { ChangeStamp(door: "cli", at: Date()) }
}

/// One version of a scan's change log: what moved it from `version - 1` to `version`.
package struct ScanChange: Sendable, Equatable, Encodable {
    package var version: Int
    package var changedAt: Date
    package var door: String
    package var fields: [Field]

    /// One field's old and new value, as stored (text or a number; nil when empty).
    package struct Field: Sendable, Equatable, Encodable {
        package var field: String
        package var old: String?
        package var new: String?

        /// An empty value is written as null, not left out.
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(field, forKey: .field)
            try container.encode(old, forKey: .old)
            try container.encode(new, forKey: .new)
        }

        private enum CodingKeys: String, CodingKey { case field, old, new }
    }
}

/// A write that names the version it saw, when the scan has moved on since (`If-Match`, `edit --if-version`).
package struct StaleVersion: Error, Sendable, Equatable {
    package var scanId: Int64
    package var seen: Int
    package var current: Int

    package var message: String {
        "scan \(scanId) changed since version \(seen) (it is at version \(current)); nothing was changed"
    }
}
