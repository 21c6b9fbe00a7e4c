import AlbumScanCore
import Testing

/// Issue 41, finding 3: one plain SKU is never stamped on many photos; a pattern numbers them from the next free
/// number among the SKUs of that pattern.
@Suite struct SKUPatternTests {
    @Test(
        arguments: [
            (nil, 12, true), ("A-1", 1, true), ("A-1", 2, false), ("A-{n}", 50, true), ("A-{n}", 1, true),
            ("{n}-{n}", 1, false), ("{n}", 3, true),
        ] as [(String?, Int, Bool)])
    func aPlainSKUIsForOnePhotoOnly(sku: String?, photos: Int, passes: Bool) {
        let passed = (try? SKUPattern.check(sku, photos: photos)) != nil
        #expect(passed == passes)
    }

    @Test func theRefusalNamesThePattern() {
        #expect(
            throws: AlbumScanError.usage(
                "--sku 'A-1' would give the same SKU to 3 photos; give each its own with a pattern, like --sku 'A-1-{n}' (numbered from the next free number), or set one at a time"
            )
        ) { try SKUPattern.check("A-1", photos: 3) }
    }

    /// A default for photos still to come (a `serve` session) must be a pattern.
    @Test func aDefaultForASessionMustNumber() throws {
        try SKUPattern.checkDefault(nil)
        try SKUPattern.checkDefault("A-{n}")
        #expect(throws: AlbumScanError.self) { try SKUPattern.checkDefault("A-1") }
        #expect(throws: AlbumScanError.self) { try SKUPattern.checkDefault("{n}{n}") }
    }

    @Test(
        arguments: [
            ("A-7", "A-{n}", 7), ("A-007", "A-{n}", 7), ("A-", "A-{n}", nil), ("A-7x", "A-{n}", nil), ("B-7", "A-{n}", nil),
            ("box 3 left", "box {n} left", 3), ("box 3", "box {n} left", nil), ("12", "{n}", 12), ("A-١", "A-{n}", nil),
        ] as [(String, String, Int?)])
    func theNumberASKUCarries(sku: String, pattern: String, number: Int?) {
        #expect(SKUPattern.number(of: sku, in: pattern) == number)
    }

    @Test func theNextFreeNumberIsOnePastTheHighest() {
        #expect(SKUPattern.next("A-{n}", taken: []) == 1)
        #expect(SKUPattern.next("A-{n}", taken: ["A-1", "A-9", "A-3", "B-40", "A-x", "A-{n}"]) == 10)
        #expect(SKUPattern.sku("A-{n}", number: 10) == "A-10")
        #expect(SKUPattern.prefix(of: "box {n} left") == "box ")
    }
}
