import Testing

@testable import AlbumScanCore

@Suite struct SafeTextTests {
    @Test(arguments: [
        ("Clear\u{1B}[2Jscreen", "Clearscreen"),
        ("Title\u{1B}]0;pwned\u{07}done", "Titledone"),
        ("C1\u{9B}31mred", "C1red"),
        ("OSC with ST\u{1B}]8;;http://x\u{1B}\\link", "OSC with STlink"),
        ("DCS\u{1B}Pq#0;2;0;0;0\u{1B}\\end", "DCSend"),
        ("bell\u{07} and nul\u{00} and del\u{7F}", "bell and nul and del"),
        ("line\nbreak", "linebreak"),
        ("tab\there", "tab here"),
        ("Sigur Rós — Ágætis byrjun 🎵", "Sigur Rós — Ágætis byrjun 🎵"),
        ("trailing escape\u{1B}", "trailing escape"),
    ])
    func stripsEscapesAndControls(input: String, expected: String) {
        #expect(SafeText.clean(input) == expected)
    }

    @Test func keepsNewlinesWhenAsked() {
        #expect(SafeText.clean("a\n\u{1B}[31mb", keepNewlines: true) == "a\nb")
    }
}
