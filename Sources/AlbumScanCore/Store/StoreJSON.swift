import Foundation

/// JSON text columns: arrays and maps stored as compact, key-sorted JSON.
enum StoreJSON {
    /// Encodes a value as compact JSON text with sorted keys.
    static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Decodes JSON text from a column, naming the column when it is malformed.
    static func decode<T: Decodable>(_ type: T.Type, _ text: String?, column: String) throws -> T {
        // try?: the column's name says more than the decoder's error, and the storage error below names it
        guard let text, let value = try? JSONDecoder().decode(type, from: Data(text.utf8)) else {
            throw AlbumScanError.storage("the database holds malformed JSON in column \(column)")
        }
        return value
    }
}
