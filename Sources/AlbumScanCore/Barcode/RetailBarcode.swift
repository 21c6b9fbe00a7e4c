/// A retail barcode read from a photo (EAN-13, UPC-A or EAN-8) whose check digit holds.
package struct RetailBarcode: Sendable, Equatable, Hashable {
    package enum Kind: String, Sendable { case ean13 = "EAN-13", upcA = "UPC-A", ean8 = "EAN-8" }

    /// The digits as printed, check digit included.
    package let digits: String
    package let kind: Kind

    /// The barcode for `digits` (8, 12 or 13 of them), or nil when the length or the check digit is wrong.
    package init?(_ digits: String) {
        guard let kind = Self.kind(length: digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            Self.checkDigit(of: String(digits.dropLast())) == digits.last?.wholeNumberValue
        else { return nil }
        self.digits = digits
        self.kind = kind
    }

    static func kind(length: Int) -> Kind? {
        switch length {
        case 13: .ean13
        case 12: .upcA
        case 8: .ean8
        default: nil
        }
    }

    /// The GS1 check digit of a payload: weights 3 and 1 alternate from the rightmost digit, which weighs 3.
    package static func checkDigit(of payload: String) -> Int? {
        var sum = 0
        for (offset, character) in payload.reversed().enumerated() {
            guard character.isASCII, let digit = character.wholeNumberValue else { return nil }
            sum += digit * (offset % 2 == 0 ? 3 : 1)
        }
        return payload.isEmpty ? nil : (10 - sum % 10) % 10
    }

    /// The forms MusicBrainz may have stored: a UPC-A as itself and with a leading 0 (its EAN-13), an EAN-13
    /// starting with 0 as itself and without it (its UPC-A), anything else as printed.
    package var searchForms: [String] {
        switch kind {
        case .upcA: [digits, "0" + digits]
        case .ean13 where digits.hasPrefix("0"): [String(digits.dropFirst()), digits]
        case .ean13, .ean8: [digits]
        }
    }

    /// The MusicBrainz release-search query for every form: `barcode:(A OR B)`, or `barcode:A`.
    package var musicBrainzQuery: String {
        let forms = searchForms
        return forms.count == 1 ? "barcode:\(forms[0])" : "barcode:(\(forms.joined(separator: " OR ")))"
    }

    /// Whether a barcode MusicBrainz lists for a release is this one, whatever leading zeros it was stored with.
    package func matches(_ stored: String) -> Bool {
        let trimmed = stored.drop { $0 == "0" }
        return !trimmed.isEmpty && trimmed == digits.drop { $0 == "0" }
    }
}
