import AlbumScanApp
/// ANSI styling that turns into plain text when colour is off.
struct TextStyle {
    let enabled: Bool

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func green(_ text: String) -> String { wrap(text, "1;32") }
    func red(_ text: String) -> String { wrap(text, "1;31") }
    func yellow(_ text: String) -> String { wrap(text, "1;33") }
    func grey(_ text: String) -> String { wrap(text, "90") }
    /// White on black, like the app's badge.
    func badge(_ text: String) -> String { wrap(text, "1;97;40") }
    /// The badge's rating: brand green on black.
    func badgeRating(_ text: String) -> String { wrap(text, "1;92;40") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
