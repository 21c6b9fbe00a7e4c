import AlbumScanCore
import Foundation
import Testing

/// The one `since` reader both doors use: a date is local midnight in the zone given, an impossible date is refused.
@Suite("Store: since dates")
struct HistoryDateTests {
    @Test(arguments: [
        // A date alone is its first moment in the local zone, whichever zone that is.
        ("2026-11-01", "UTC", 1_793_491_200.0 as Double),
        ("2026-11-01", "Europe/Berlin", 1_793_487_600),
        ("2026-11-01", "America/New_York", 1_793_505_600),
        ("2026-11-01", "Pacific/Auckland", 1_793_444_400),
        ("2024-02-29", "UTC", 1_709_164_800),
        ("2026-03-29", "Europe/Berlin", 1_774_738_800),
        // A time with a zone is that instant, whatever the local zone.
        ("2026-11-01T18:30:00Z", "Europe/Berlin", 1_793_557_800),
        ("2026-11-01T18:30:00+01:00", "UTC", 1_793_554_200),
        ("2026-11-01T18:30:00.250Z", "UTC", 1_793_557_800.25),
        // A time without a zone is local time.
        ("2026-11-01T18:30:00", "Europe/Berlin", 1_793_554_200),
    ])
    func readsLocalMidnight(text: String, zone: String, seconds: Double) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        #expect(HistoryDate.read(text, in: timeZone)?.timeIntervalSince1970 == seconds)
    }

    @Test(arguments: [
        "2026-02-30", "2026-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "2026-11-00", "2026-11-32", "yesterday",
        "", "2026-11", "2026/11/01", "2026-11-01T25:00Z", "2026-11-01T18:30:00+1", "20261101", "2026-11-01junk",
    ])
    func refusesImpossibleDatesAndJunk(text: String) throws {
        for zone in ["UTC", "Europe/Berlin", "Pacific/Auckland"] {
            let timeZone = try #require(TimeZone(identifier: zone))
            #expect(HistoryDate.read(text, in: timeZone) == nil, "\(text) in \(zone)")
        }
    }

    @Test func namesTheFormsItTakes() {
        #expect(HistoryDate.forms.contains("YYYY-MM-DD") && HistoryDate.forms.contains("local midnight"))
    }
}
