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
        ("evil\u{202E}gpj.exe", "evilgpj.exe"),
    ])
    func stripsEscapesAndControls(input: String, expected: String) {
        #expect(SafeText.clean(input) == expected)
    }

    @Test func jsonOutputEscapesDelAndC1() throws {
        let json = try JSONOutput.encode(["text": "a\u{9B}31m\u{7F}b\u{1B}[2J"])
        #expect(json == #"{"text":"a\u009b31m\u007fb\u001b[2J"}"#)
        #expect(!json.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test func keepsNewlinesWhenAsked() {
        #expect(SafeText.clean("a\n\u{1B}[31mb", keepNewlines: true) == "a\nb")
    }
}
