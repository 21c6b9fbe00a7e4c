import AlbumScanCore
import Foundation

/// The body of `PATCH /api/scans/ID`, read in one place: a JSON object whose keys name what to change: the shop fields
/// (`""` or `null` clears, `price` a string or a number), and the corrections `edit` takes (`musicbrainzReleaseId` an
/// MBID or address, `discogsReleaseId` a number or address, `artist`, `title`).
struct ScanPatch {
    /// One change the body asks for.
    enum Change {
        case shop(ShopField, String?)
    }

    var changes: [Change]
    /// The correction asked for; empty when the body names shop fields only.
    var correction = ScanCorrection()

    /// The keys of a correction, as `edit`'s options.
    static let correctionKeys = ["musicbrainzReleaseId", "discogsReleaseId", "artist", "title"]

    /// Reads the body: malformed JSON or a key it does not know is 400 (`bad-request`), a bad value 422 (`bad-field`).
    init(json body: Data) throws {
        let object: [String: JSONValue]
        do {
            object = try JSONDecoder().decode([String: JSONValue].self, from: body)
        } catch {
            throw APIError.badRequest("the body is not a JSON object of fields to change")
        }
        changes = []
        for key in object.keys.sorted() where !Self.correctionKeys.contains(key) {
            guard let field = ShopField(rawValue: key) else {
                let known = (ShopField.allCases.map(\.rawValue) + Self.correctionKeys).joined(separator: ", ")
                throw APIError.badRequest("unknown field \(SafeText.clean(key)); fields: \(known)")
            }
            changes.append(.shop(field, try Self.value(object[key], for: field)))
        }
        let text = { (key: String) throws -> String? in
            switch object[key] {
            case nil, .null: return nil
            case .string(let string): return string
            case .number(let number) where key == "discogsReleaseId" && number == number.rounded() && abs(number) < 1e15:
                return String(Int64(number))
            default: throw APIError.badField("\(key) must be a string")
            }
        }
        do {
            correction = try ScanCorrection.parse(
                release: try text("musicbrainzReleaseId"), discogsRelease: try text("discogsReleaseId"),
                artist: try text("artist"), title: try text("title"))
        } catch let error as AlbumScanError {
            throw APIError.badField(error.message)
        }
        guard !changes.isEmpty || !correction.isEmpty else { throw APIError.badRequest("name a field to change") }
    }

    /// The stored value of one shop field (nil clears it), checked as `edit` checks it.
    static func value(_ raw: JSONValue?, for field: ShopField) throws -> String? {
        let text: String
        switch raw {
        case nil, .null: return nil
        case .string(let string): text = string
        case .number(let number) where field == .price:
            text = number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        default: throw APIError.badField("\(field.rawValue) must be a string\(field == .price ? " or a number" : "")")
        }
        do {
            return try field.value(from: text)
        } catch let error as AlbumScanError {
            throw APIError.badField(error.message.replacingOccurrences(of: field.option, with: field.rawValue))
        }
    }

    /// The shop fields to set, as the store's `editScans` takes them.
    var shopValues: [ShopField: String?] {
        var values: [ShopField: String?] = [:]
        for case .shop(let field, let value) in changes { values.updateValue(value, forKey: field) }
        return values
    }
}
