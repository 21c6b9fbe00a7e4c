/// The outcome of identification: an album, or the reason there is none.
public struct Identification: Sendable {
    /// The album, or nil when the cover was not identified.
    public var album: Album?
    /// Model calls made: 0 when something else named the album, 1, or 2 when ID Call 2 ran.
    public var calls: Int
    public var searchGate: SearchGateResult
    /// Why identification failed, for `--verbose`.
    public var reason: String?
    /// Pages ID Call 2 cited.
    public var citations: [Review.Source]
    public var usage: [TokenUsage]
    /// How the album was named; nil means by the model (`search` when Call 2 ran).
    public var method: IdentificationMethod? = nil
}

/// Tokens one model call used.
public struct TokenUsage: Sendable, Equatable {
    public var model: String
    public var promptTokens: Int
    public var completionTokens: Int
    /// The provider the call went to.
    public var provider: ProviderKind = .openai
    /// The image's share of `promptTokens`, as reported or estimated from the upload's size; nil when unknown or none.
    public var imageTokens: Int? = nil
    /// Web searches the call ran (some providers bill per search).
    public var webSearches = 0
}
