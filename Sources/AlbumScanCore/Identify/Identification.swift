/// The outcome of identification: an album, or the reason there is none.
package struct Identification: Sendable {
    /// The album, or nil when the cover was not identified.
    package var album: Album?
    /// Model calls made: 0 when something else named the album, 1, or 2 when ID Call 2 ran.
    package var calls: Int
    package var searchGate: SearchGateResult
    /// Why identification failed, for `--verbose`.
    package var reason: String?
    /// Pages ID Call 2 cited.
    package var citations: [Review.Source]
    package var usage: [TokenUsage]
    /// How the album was named; nil means by the model (`search` when Call 2 ran).
    package var method: IdentificationMethod? = nil
    /// Why no album was named, for everyone (`error.reason`); nil when one was.
    package var why: UnidentifiedReason? = nil
}

/// Tokens one model call used.
package struct TokenUsage: Sendable, Equatable {
    package var model: String
    package var promptTokens: Int
    package var completionTokens: Int
    /// The provider the call went to.
    package var provider: ProviderKind = .openai
    /// The image's share of `promptTokens`, as reported or estimated from the upload's size; nil when unknown or none.
    package var imageTokens: Int? = nil
    /// Web searches the call ran (some providers bill per search).
    package var webSearches = 0
}
