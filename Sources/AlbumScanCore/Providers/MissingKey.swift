extension AppEnvironment {
    /// The error for the provider's API key when it is not set and requests will reach the network (replays answer
    /// from recordings, which hold no key). A local OpenAI-compatible server needs none.
    package func missingKey(_ provider: ProviderKind? = nil) -> AlbumScanError? {
        guard transportMode.reachesNetwork else { return nil }
        switch provider ?? settings.provider {
        case .openai where settings.openAIKey?.isEmpty ?? true:
            return .configuration("OPENAI_API_KEY is not set; export your OpenAI API key, or scan offline with --replay DIR")
        case .anthropic where settings.anthropic.key?.isEmpty ?? true:
            return .configuration(
                "ANTHROPIC_API_KEY is not set; export your Anthropic API key, or scan offline with --replay DIR")
        case .gemini where settings.gemini.key?.isEmpty ?? true:
            return .configuration(
                "GEMINI_API_KEY is not set (GOOGLE_API_KEY also works); export your Gemini API key, or scan offline with --replay DIR"
            )
        default:
            return nil
        }
    }
}
