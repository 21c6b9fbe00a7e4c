import AlbumScanCore
import Testing

/// Check digits, the kinds of barcode, and the forms MusicBrainz is asked for.
@Suite struct RetailBarcodeTests {
    static let checkDigits: [(String, Int?)] = [
        ("501234567890", 0),
        ("03600029145", 2),  // UPC-A 036000291452
        ("400638133393", 1),  // EAN-13 4006381333931
        ("9638507", 4),  // EAN-8 96385074
        ("978014300723", 4),  // ISBN-13 9780143007234
        ("", nil),
        ("12a4", nil),
    ]

    @Test(arguments: checkDigits)
    func checkDigit(_ payload: String, _ expected: Int?) {
        #expect(RetailBarcode.checkDigit(of: payload) == expected)
    }

    static let validity: [(String, RetailBarcode.Kind?)] = [
        ("5012345678900", .ean13),
        ("5012345678901", nil),  // wrong check digit
        ("036000291452", .upcA),
        ("036000291453", nil),
        ("96385074", .ean8),
        ("96385075", nil),
        ("0036000291452", .ean13),
        ("12345", nil),  // no such length
        ("50123456789００", nil),  // full-width digits are not barcode digits
        ("", nil),
    ]

    @Test(arguments: validity)
    func validates(_ digits: String, _ kind: RetailBarcode.Kind?) {
        #expect(RetailBarcode(digits)?.kind == kind)
    }

    static let queries: [(String, [String], String)] = [
        ("036000291452", ["036000291452", "0036000291452"], "barcode:(036000291452 OR 0036000291452)"),
        ("0036000291452", ["036000291452", "0036000291452"], "barcode:(036000291452 OR 0036000291452)"),
        ("5012345678900", ["5012345678900"], "barcode:5012345678900"),
        ("96385074", ["96385074"], "barcode:96385074"),
    ]

    /// A UPC-A and its 0-prefixed EAN-13 are one GTIN: both forms, in one query.
    @Test(arguments: queries)
    func queryForms(_ digits: String, _ forms: [String], _ query: String) throws {
        let barcode = try #require(RetailBarcode(digits))
        #expect(barcode.searchForms == forms)
        #expect(barcode.musicBrainzQuery == query)
    }

    static let stored: [(String, String, Bool)] = [
        ("0036000291452", "036000291452", true),
        ("036000291452", "0036000291452", true),
        ("5012345678900", "5012345678900", true),
        ("5012345678900", "", false),
        ("5012345678900", "501234567890", false),
        ("036000291452", "000000000000", false),
    ]

    /// A listed barcode matches whatever leading zeros it was stored with, and nothing else.
    @Test(arguments: stored)
    func matchesStoredForms(_ digits: String, _ listed: String, _ expected: Bool) throws {
        #expect(try #require(RetailBarcode(digits)).matches(listed) == expected)
    }
}
