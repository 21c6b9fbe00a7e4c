import AlbumScanCore
import Foundation
import Testing

@testable import AlbumScanApp

/// The catalogue query's words (both doors): what each accepts, and that a bad one is a usage error naming the accepted forms.
@Suite struct CatalogueQueryTests {
    static let utc = TimeZone(secondsFromGMT: 0) ?? .current

    @Test(arguments: [
        // A date alone is its first moment in the local zone.
        ("2026-11-01", 0, 1_793_491_200.0 as Double),
        ("2026-11-01", 3600, 1_793_487_600),
        ("2024-02-29", 0, 1_709_164_800),
        // A time with a zone is that instant, whatever the local zone.
        ("2026-11-01T18:30:00Z", 3600, 1_793_557_800),
        ("2026-11-01T18:30:00+01:00", 0, 1_793_554_200),
        ("2026-11-01T18:30:00-05:30", 0, 1_793_577_600),
        ("2026-11-01T18:30Z", 0, 1_793_557_800),
        ("2026-11-01T18:30:00.250Z", 0, 1_793_557_800.25),
        // A time without a zone is local time.
        ("2026-11-01T18:30:00", 3600, 1_793_554_200),
    ])
    func sinceAccepts(text: String, zoneOffset: Int, seconds: Double) throws {
        let zone = try #require(TimeZone(secondsFromGMT: zoneOffset))
        #expect(try CatalogueQuery.since(text, timeZone: zone, name: "--since").timeIntervalSince1970 == seconds)
    }

    @Test(arguments: [
        "", "yesterday", "2026-11", "2026-11-1", "26-11-01", "2026/11/01", "2026-13-01", "2026-02-30", "2025-02-29",
        "2026-11-01T", "2026-11-01T24:00:00Z", "2026-11-01T18:60Z", "2026-11-01T18:30:61Z", "2026-11-01T18:30:00.Z",
        "2026-11-01T18:30:00+1", "2026-11-01T18:30:00+01", "2026-11-01 18:30", " 2026-11-01", "2026-11-01Z",
        "１２３４-11-01", "1793491200",
    ])
    func sinceRefuses(text: String) {
        let error = #expect(throws: AlbumScanError.self) { try CatalogueQuery.since(text, timeZone: Self.utc, name: "--since") }
        // A usage error: the CLI exits 64 on it, serve answers 400.
        guard case .usage = error else { Issue.record("not a usage error: \(String(describing: error))"); return }
        #expect(error?.message.contains("YYYY-MM-DD") == true)
        #expect(error?.message.contains("ISO 8601") == true)
    }

    @Test(arguments: [
        ("model", IdentificationMethod.model), ("search", .search), ("local", .local), ("barcode", .barcode),
        ("duplicate", .duplicate), ("Barcode", .barcode),
    ])
    func methodAccepts(text: String, method: IdentificationMethod) throws {
        #expect(try CatalogueQuery.method(text, name: "--method") == method)
    }

    @Test(arguments: ["", "models", "ocr", "model "])
    func methodRefusesNamingTheMethods(text: String) {
        let error = #expect(throws: AlbumScanError.self) { try CatalogueQuery.method(text, name: "--method") }
        #expect(error?.message.contains("model, search, local, barcode, duplicate") == true)
    }

    @Test(arguments: [
        ("verified", Verification.Status.verified), ("mismatch", .mismatch), ("unsure", .unsure),
        ("unchecked", .unchecked), ("VERIFIED", .verified),
    ])
    func verificationAccepts(text: String, status: Verification.Status) throws {
        #expect(try CatalogueQuery.verification(text, name: "--verification") == status)
    }

    @Test(arguments: ["", "ok", "match", "checked"])
    func verificationRefusesNamingTheStatuses(text: String) {
        let error = #expect(throws: AlbumScanError.self) { try CatalogueQuery.verification(text, name: "--verification") }
        #expect(error?.message.contains("verified, mismatch, unsure, unchecked") == true)
    }

    @Test func emptySearchIsRefusedAndAnyOtherTextKept() throws {
        #expect(throws: AlbumScanError.self) { try CatalogueQuery.search("", name: "--search") }
        #expect(try CatalogueQuery.search("50% _off'", name: "--search") == "50% _off'")
    }

    @Test func aMessageShowsNoControlCharacters() {
        let error = #expect(throws: AlbumScanError.self) { try CatalogueQuery.method("\u{1B}]0;pwned\u{07}x", name: "--method") }
        #expect(error?.message.unicodeScalars.contains { $0.value < 0x20 } == false)
    }
}
