import Foundation
import Testing

@testable import AlbumScanApp
@testable import albumscan

/// How the art mode follows what the terminal announces, and never draws where it must not.
@Suite struct TerminalCapabilitiesTests {
    @Test(arguments: [
        (["TERM": "xterm-kitty"], TerminalCapabilities.ArtMode.kitty),
        (["TERM": "xterm-256color", "KITTY_WINDOW_ID": "3"], .kitty),
        (["TERM_PROGRAM": "iTerm.app", "COLORTERM": "truecolor"], .iTerm2),
        (["LC_TERMINAL": "iTerm2"], .iTerm2),
        (["TERM": "xterm-256color", "COLORTERM": "truecolor"], .trueColor),
        (["COLORTERM": "24bit"], .trueColor),
        (["TERM": "xterm-256color"], .palette256),
        (["TERM": "dumb", "COLORTERM": "truecolor"], .none),
    ])
    func announcedTerminalsGetTheirProtocol(environment: [String: String], expected: TerminalCapabilities.ArtMode) async {
        let detected = TerminalCapabilities.detect(environment: environment, colorOn: true, stdoutIsTTY: true, artWanted: true)
        #expect(detected.art == expected)
    }

    @Test(arguments: [(false, true, true), (true, false, true), (true, true, false)])
    func nothingIsDrawnWithoutColourATTYOrWithNoArt(colorOn: Bool, tty: Bool, wanted: Bool) async {
        let detected = TerminalCapabilities.detect(
            environment: ["TERM": "xterm-kitty", "COLORTERM": "truecolor"], colorOn: colorOn, stdoutIsTTY: tty, artWanted: wanted)
        #expect(detected.art == .none)
    }

    @Test(arguments: [
        ((0, 0, 0), 16), ((255, 255, 255), 231), ((255, 0, 0), 196), ((128, 128, 128), 244), ((0, 95, 135), 24),
    ])
    func palette256PicksTheNearestEntry(rgb: (Int, Int, Int), expected: Int) async {
        #expect(Palette256.index(red: UInt8(rgb.0), green: UInt8(rgb.1), blue: UInt8(rgb.2)) == expected)
    }
}
