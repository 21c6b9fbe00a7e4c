import AlbumScanCore
import Foundation

/// What one `albumscan serve` session runs with: where it listens, how many scans run at once, the bounds it puts on
/// each client, and the shop fields every photo gets unless its upload says otherwise.
package struct ServeConfiguration: Sendable {
    /// The port to listen on; 0 asks the system for a free one (tests).
    package var port: UInt16 = 8750
    /// The IPv4 address to bind; nil binds every IPv4 interface.
    package var bind: String?
    /// Scans running at once.
    package var jobs = 4
    /// The largest upload, in bytes (`ALBUMSCAN_SERVE_MAX_BYTES`).
    package var maxBytes = 25 * 1024 * 1024
    /// Jobs not yet done that one client may have (`ALBUMSCAN_SERVE_QUEUE`).
    package var queueBound = 32
    /// The session's shop fields, shown on the page and saved with every photo unless the upload sets its own.
    package var defaults: ShopFields = .none
    /// The pairing token (from `PairingToken.load`).
    package var token: String
    /// The seconds a client is told to wait when its queue is full.
    package var retryAfter = 5
    /// How long a connection may wait for a request, and take to send its headers (tests shorten them).
    package var timeouts = ConnectionTimeouts()
    /// A configuration with the defaults above.
    package init(token: String) {
        self.token = token
    }
}
