import Foundation

/// Finds and reads the JSON object in a model reply, whatever fences or prose surround it.
package enum LenientJSON {
    /// The first balanced top-level `{...}` in `text` that parses as a JSON object.
    package static func object(in text: String) -> [String: Any]? {
        let bytes = Array(text.utf8)
        var start = 0
        var attempts = 0
        // Each attempt scans to the end at worst; capping them keeps a reply full of stray braces linear.
        while attempts < 32, let open = bytes[start...].firstIndex(of: UInt8(ascii: "{")) {
            attempts += 1
            if let close = matchingBrace(bytes, from: open),
                // try?: a brace group that is not a JSON object is skipped, and the next one is tried
                let value = try? JSONSerialization.jsonObject(with: Data(bytes[open...close])),
                let object = value as? [String: Any]
            {
                return object
            }
            start = open + 1
        }
        return nil
    }

    /// The index of the `}` closing the `{` at `open`, skipping braces inside strings.
    static func matchingBrace(_ bytes: [UInt8], from open: Int) -> Int? {
        var depth = 0
        var inString = false
        var escaped = false
        for index in open..<bytes.count {
            let byte = bytes[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }

    /// A string from a string or number value; nil for null, empty or other types.
    package static func string(_ value: Any?) -> String? {
        switch value {
        case let text as String:
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty || trimmed.lowercased() == "null" ? nil : trimmed
        case let number as NSNumber:
            return number.doubleValue == number.doubleValue.rounded() ? String(number.intValue) : number.stringValue
        default:
            return nil
        }
    }

    /// A list of strings from an array, or from one comma-separated string.
    package static func strings(_ value: Any?) -> [String] {
        if let array = value as? [Any] { return array.compactMap { string($0) } }
        if let single = string(value) {
            return single.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        return []
    }

    /// A number from a number or a numeric string such as "8.5" or "8.5/10".
    package static func number(_ value: Any?) -> Double? {
        if let number = value as? NSNumber { return number.doubleValue }
        guard let text = value as? String else { return nil }
        let head = text.split(separator: "/").first.map(String.init) ?? text
        return Double(head.trimmingCharacters(in: .whitespaces))
    }
}
