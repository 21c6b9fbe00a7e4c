import AlbumScanCore
import Foundation

/// What the terminal says under an unidentified cover: why it was not named, and each next step with the command
/// that takes it (`scan FRONT --back BACK`, the Ultra tier's advanced search, a plain re-run).
enum UnidentifiedAdvice {
    /// The error line's words: "Unable to identify this cover art: WHY".
    static func message(_ error: AlbumScanError) -> String {
        guard let why = error.unidentifiedReason else { return error.message }
        return "\(error.message): \(why.words)"
    }

    /// One "Tip:" line per next step, naming the command for `file`.
    static func tips(_ error: AlbumScanError, file: String) -> [String] {
        guard let why = error.unidentifiedReason else { return [] }
        let front = shellWord(file)
        return why.nextSteps.map { step in
            switch step {
            case .photographBack: "Tip: \(step.words): albumscan scan \(front) --back BACK.jpg"
            case .advancedSearch:
                "Tip: \(step.words): albumscan account set-tier ultra, then albumscan account advanced-search on"
            case .retakeFront: "Tip: fill the frame with the front cover, in even light, and scan again."
            case .tryAgain: "Tip: \(step.words): albumscan scan \(front)"
            }
        }
    }

    /// `text` as one shell word: as it is when it holds only plain characters, else in single quotes.
    static func shellWord(_ text: String) -> String {
        let clean = SafeText.clean(text)
        let plain = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._/-+,:@")
        if !clean.isEmpty, clean.unicodeScalars.allSatisfy(plain.contains) { return clean }
        return "'" + clean.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
