/// What the terminal on stdout can draw, decided from the environment the way terminals announce themselves.
package struct TerminalCapabilities: Equatable {
    /// How the cover is drawn, best first.
    package enum ArtMode: Equatable {
        /// The kitty graphics protocol (TERM=xterm-kitty or KITTY_WINDOW_ID).
        case kitty
        /// iTerm2 inline images (TERM_PROGRAM=iTerm.app or LC_TERMINAL=iTerm2).
        case iTerm2
        /// Half-block characters in 24-bit colour (COLORTERM=truecolor or 24bit).
        case trueColor
        /// Half-block characters in the 256-colour palette.
        case palette256
        /// No drawing: the placeholder box instead.
        case none
    }

    package let art: ArtMode

    /// Picks the art mode. Nothing is drawn unless stdout is a TTY with colour on and art wanted.
    package static func detect(environment: [String: String], colorOn: Bool, stdoutIsTTY: Bool, artWanted: Bool)
        -> TerminalCapabilities
    {
        guard artWanted, colorOn, stdoutIsTTY, environment["TERM"] != "dumb" else { return TerminalCapabilities(art: .none) }
        if environment["TERM"] == "xterm-kitty" || !(environment["KITTY_WINDOW_ID"] ?? "").isEmpty {
            return TerminalCapabilities(art: .kitty)
        }
        if environment["TERM_PROGRAM"] == "iTerm.app" || environment["LC_TERMINAL"] == "iTerm2" {
            return TerminalCapabilities(art: .iTerm2)
        }
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" { return TerminalCapabilities(art: .trueColor) }
        return TerminalCapabilities(art: .palette256)
    }
}
