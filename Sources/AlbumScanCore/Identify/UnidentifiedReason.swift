import Foundation

/// Why a cover came back unidentified, as a stable code (`error.reason.code` of `scan --json` and of a job's result)
/// with words for a person, and the next steps that can still name the record (`error.nextSteps`).
package enum UnidentifiedReason: String, Sendable, Equatable, Encodable, CaseIterable {
    /// Call 1 asked for a web search, and the base tier never searches.
    case searchNeededBaseTier = "search-needed-base-tier"
    /// Call 1 asked for a web search, and too little text was read off the cover to search for.
    case tooLittleText = "too-little-text"
    /// Call 1 asked for a web search, and the model provider cannot search the web.
    case providerCannotSearch = "provider-cannot-search"
    /// The web search (Call 2) ran and named no album.
    case searchFoundNothing = "search-found-nothing"
    /// The model did not recognise the cover.
    case modelDidNotKnow = "model-did-not-know"
    /// The model said the photo shows the back of the sleeve, not its front.
    case photoOfBack = "photo-of-back"
    /// The model said the art is generic (a plain or company sleeve) and names no album.
    case genericArt = "generic-art"
    /// The model refused, was cut off, or its answer could not be read, twice.
    case replyUnreadable = "model-reply-unreadable"

    /// The words for a person: no command, so the page can show them too.
    package var words: String {
        switch self {
        case .searchNeededBaseTier: "this cover needs a web search to be named, and the base tier does not search the web"
        case .tooLittleText: "this cover needs a web search, and too little text could be read off it to search for"
        case .providerCannotSearch: "this cover needs a web search, and the model provider in use cannot search the web"
        case .searchFoundNothing: "the web search found no album that matches this cover"
        case .modelDidNotKnow: "the model did not recognise this cover"
        case .photoOfBack: "the photo seems to show the back of the sleeve, not the front"
        case .genericArt: "the sleeve's art is generic (a plain or company sleeve), so it names no album"
        case .replyUnreadable: "the model's answer could not be read"
        }
    }

    /// The steps that can still name the record, most helpful first.
    package var nextSteps: [UnidentifiedNextStep] {
        switch self {
        case .searchNeededBaseTier: [.photographBack, .advancedSearch]
        case .tooLittleText: [.photographBack, .retakeFront, .advancedSearch]
        case .providerCannotSearch, .genericArt: [.photographBack]
        case .searchFoundNothing: [.photographBack, .tryAgain]
        case .modelDidNotKnow: [.photographBack, .retakeFront, .tryAgain]
        case .photoOfBack: [.retakeFront, .photographBack]
        case .replyUnreadable: [.tryAgain, .photographBack]
        }
    }

    /// The reason Call 1's own `reason` text gives, when it says the photo is of the back or the art is generic;
    /// otherwise the model simply did not know the cover.
    package static func unresolved(saying text: String?) -> UnidentifiedReason {
        let said = (text ?? "").lowercased()
        let back = ["back of the sleeve", "back cover", "back of the cover", "rear", "reverse side", "back side"]
        if back.contains(where: said.contains) { return .photoOfBack }
        let generic = ["generic", "plain sleeve", "blank", "company sleeve", "no artwork", "no distinguishing"]
        if generic.contains(where: said.contains) { return .genericArt }
        return .modelDidNotKnow
    }
}

/// One thing a person can do about an unidentified cover, as a stable code and words without a command.
package enum UnidentifiedNextStep: String, Sendable, Equatable, Encodable, CaseIterable {
    case photographBack = "photograph-back"
    case advancedSearch = "advanced-search"
    case retakeFront = "retake-front"
    case tryAgain = "try-again"

    package var words: String {
        switch self {
        case .photographBack: "photograph the back of the sleeve: its barcode names the exact release, with no model call"
        case .advancedSearch: "the Ultra tier with advanced search searches the web for covers like this one"
        case .retakeFront: "fill the frame with the front cover, in even light, and photograph it again"
        case .tryAgain: "try again: it makes a new model call, which may answer differently"
        }
    }
}
