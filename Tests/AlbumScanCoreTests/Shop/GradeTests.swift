import Testing

@testable import AlbumScanCore

@Suite struct GradeTests {
    /// Discogs' own strings (its API's MediaCondition and SleeveCondition enums), written out here rather than read
    /// from the code under test.
    static let discogsMedia = [
        "Mint (M)", "Near Mint (NM or M-)", "Very Good Plus (VG+)", "Very Good (VG)", "Good Plus (G+)", "Good (G)",
        "Fair (F)", "Poor (P)",
    ]

    @Test func theGradesAreDiscogsExactStrings() {
        #expect(Grade.Scale.media.grades == Self.discogsMedia)
        #expect(Grade.Scale.sleeve.grades == Self.discogsMedia + ["Generic", "Not Graded", "No Cover"])
    }

    @Test(
        "short and long forms, any case, name the exact grade",
        arguments: [
            ("M", "Mint (M)"), ("m", "Mint (M)"), ("NM", "Near Mint (NM or M-)"), ("nm", "Near Mint (NM or M-)"),
            ("M-", "Near Mint (NM or M-)"), ("VG+", "Very Good Plus (VG+)"), ("vg+", "Very Good Plus (VG+)"),
            ("VG", "Very Good (VG)"), ("G+", "Good Plus (G+)"), ("G", "Good (G)"), ("F", "Fair (F)"), ("P", "Poor (P)"),
            (" VG+ ", "Very Good Plus (VG+)"), ("very good plus (vg+)", "Very Good Plus (VG+)"),
            ("Near Mint (NM or M-)", "Near Mint (NM or M-)"), ("POOR (P)", "Poor (P)"),
        ])
    func mediaParses(typed: String, grade: String) {
        #expect(Grade.Scale.media.parse(typed) == grade)
        #expect(Grade.Scale.sleeve.parse(typed) == grade)
    }

    @Test(
        "the sleeve-only grades are sleeve-only",
        arguments: [("Generic", "Generic"), ("not graded", "Not Graded"), ("NO COVER", "No Cover")])
    func sleeveOnly(typed: String, grade: String) {
        #expect(Grade.Scale.sleeve.parse(typed) == grade)
        #expect(Grade.Scale.media.parse(typed) == nil)
    }

    @Test(
        "anything else names no grade",
        arguments: ["", "EX", "VG++", "Near Mint", "NM or M-", "Mint", "mint(m)", "G-", "A", "Good Plus", "Generic (G)"])
    func rejected(typed: String) {
        #expect(Grade.Scale.media.parse(typed) == nil)
        #expect(Grade.Scale.sleeve.parse(typed) == nil)
    }

    @Test func theMessageNamesEveryAcceptedValue() throws {
        let error = #expect(throws: AlbumScanError.self) { try ShopField.sleeveCondition.value(from: "EX") }
        let message = try #require(error).message
        for grade in Self.discogsMedia + ["Generic", "Not Graded", "No Cover"] {
            #expect(message.contains(grade), "\(grade)")
        }
        #expect(message.contains("--sleeve-condition 'EX'"))
        #expect(message.contains("M, NM (or M-), VG+, VG, G+, G, F, P"))
        #expect(!message.contains("\n"))
        #expect(error.map(ExitCodeMirror.isUsage) == true)
    }
}

/// The error a bad grade raises must be the usage case (the CLI maps it to exit 64).
enum ExitCodeMirror {
    static func isUsage(_ error: AlbumScanError) -> Bool {
        if case .usage = error { return true }
        return false
    }
}
