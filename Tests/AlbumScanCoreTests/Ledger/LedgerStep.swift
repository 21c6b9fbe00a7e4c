import AlbumScanTestSupport
import Foundation

@testable import AlbumScanCore

/// One step of a state-machine sequence. Scans are named by their place among the scans alive when the step runs
/// (modulo their count), so a sequence stays meaningful when the shrinker removes steps before it.
enum LedgerStep: CustomStringConvertible {
    /// Which door a scan comes through: the CLI's re-run sets the fields it names on a photo already scanned, the
    /// page's changes nothing.
    enum Door: String { case cli, page }
    /// The version a write names: none, the one the scan is at, or an older or newer one.
    enum Seen: String { case none, current, stale }

    case scan(photo: Int, door: Door, location: String?)
    case rescan(photo: Int, door: Door)
    case edit(scan: Int, field: ShopField, value: String?, client: Int, seen: Seen)
    case correct(scan: Int, release: Int, seen: Seen)
    case fill(scan: Int)
    case delete(scan: Int)
    case fail(photo: Int)
    case restart

    var description: String {
        switch self {
        case .scan(let photo, let door, let location): "scan photo \(photo) via \(door.rawValue) location \(location ?? "-")"
        case .rescan(let photo, let door): "rescan photo \(photo) via \(door.rawValue)"
        case .edit(let scan, let field, let value, let client, let seen):
            "edit scan #\(scan) \(field.rawValue)=\(value ?? "(clear)") by client \(client), version \(seen.rawValue)"
        case .correct(let scan, let release, let seen): "correct scan #\(scan) to release \(release), version \(seen.rawValue)"
        case .fill(let scan): "fill links of scan #\(scan)"
        case .delete(let scan): "delete scan #\(scan)"
        case .fail(let photo): "photo \(photo) found nothing"
        case .restart: "restart"
        }
    }

    static func random(using random: inout SeededRandom) -> LedgerStep {
        let photo = Int.random(in: 0..<LedgerModel.photos, using: &random)
        let scan = Int.random(in: 0..<8, using: &random)
        let door: Door = Bool.random(using: &random) ? .cli : .page
        let seen: Seen = [.none, .current, .stale][Int.random(in: 0..<3, using: &random)]
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<22:
            return .scan(photo: photo, door: door, location: [nil, "Bin 1", "Bin 2"][Int.random(in: 0..<3, using: &random)])
        case 22..<30: return .rescan(photo: photo, door: door)
        case 30..<58:
            let field: ShopField = [.location, .comments, .price, .sku][Int.random(in: 0..<4, using: &random)]
            let value: String? = [nil, "A", "B"][Int.random(in: 0..<3, using: &random)]
            return .edit(scan: scan, field: field, value: value, client: Int.random(in: 1...2, using: &random), seen: seen)
        case 58..<70: return .correct(scan: scan, release: Int.random(in: 0..<LedgerModel.releases, using: &random), seen: seen)
        case 70..<78: return .fill(scan: scan)
        case 78..<85: return .delete(scan: scan)
        case 85..<94: return .fail(photo: photo)
        default: return .restart
        }
    }
}
