import Testing

@testable import AlbumScanCore

@Suite struct ShopFieldTests {
    @Test(
        "prices are plain positive decimals with at most two places",
        arguments: [
            ("12", "12"), ("12.5", "12.5"), ("12.50", "12.50"), ("0.99", "0.99"), ("007", "7"), ("00.5", "0.5"),
            (" 9.99 ", "9.99"), ("1234567", "1234567"), ("12,50", "12.50"), ("0,99", "0.99"), ("12,5", "12.5"),
        ])
    func pricesParse(typed: String, stored: String) throws {
        #expect(try ShopField.price.value(from: typed) == stored)
    }

    @Test(
        "anything else is not a price",
        arguments: [
            "1,234.50", "12,505", "12,", "1,2,3", "$12", "12 EUR", "-3", "+3", "1e3", "12.", ".5", "12.505", "0", "0.00", "abc", "12345678", "NaN",
            "１２", "1.2.3",
        ])
    func pricesRejected(typed: String) {
        #expect(ShopPrice.parse(typed) == nil)
        #expect(throws: AlbumScanError.self) { try ShopField.price.value(from: typed) }
    }

    @Test(
        "an empty or blank value clears the field", arguments: ShopField.allCases)
    func blankClears(field: ShopField) throws {
        #expect(try field.value(from: "") == nil)
        #expect(try field.value(from: "   ") == nil)
    }

    @Test func textFieldsAreKeptAsTypedButOneLine() throws {
        #expect(try ShopField.location.value(from: " Bin 4 ") == "Bin 4")
        #expect(try ShopField.comments.value(from: "=1+1, \"sealed\"") == "=1+1, \"sealed\"")
        #expect(try ShopField.sku.value(from: "Ünïcødé-42") == "Ünïcødé-42")
        #expect(throws: AlbumScanError.self) { try ShopField.comments.value(from: "two\nlines") }
        #expect(throws: AlbumScanError.self) { try ShopField.location.value(from: "bin\u{1B}[31m") }
    }

    @Test func fieldsReadAndWriteByName() {
        var shop = ShopFields([.location: "Bin 4", .price: "12.50", .sku: nil])
        #expect(shop.location == "Bin 4" && shop.price == "12.50" && shop.sku == nil && !shop.isEmpty)
        shop[.location] = nil
        shop[.price] = nil
        #expect(shop.isEmpty)
    }
}
