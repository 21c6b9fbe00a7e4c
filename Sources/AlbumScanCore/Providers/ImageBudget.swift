import Foundation

/// What each provider's model actually looks at, so that is what gets uploaded, and what it costs in image tokens.
///
/// - OpenAI, `detail: high`: the image is fitted into 2048×2048, then its short side to 768, and billed per 512 px
///   tile (85 + 170 per tile). albumscan sends long side ≤ 1024, short side ≤ 768.
/// - Anthropic: images over a long side of 1568 px or about 1,600 tokens are downscaled by the server; the docs advise
///   at most 1.15 megapixels within 1568 px. Cost about `ceil(w/28)·ceil(h/28)` tokens.
/// - Gemini: images up to 384 px on both sides cost 258 tokens; larger ones are cut into 768×768 tiles of 258 tokens
///   each. albumscan sends one tile: long side ≤ 768.
/// - Local servers: configurable long side (`ALBUMSCAN_LOCAL_IMAGE_SIZE`, default 768); the cost depends on the model.
package enum ImageBudget {
    /// Anthropic's advised ceiling: 1.15 megapixels.
    package static let anthropicMaxArea = 1_150_000
    /// Anthropic's long-side ceiling.
    package static let anthropicMaxSide = 1568
    /// One Gemini tile.
    package static let geminiTile = 768

    /// `limits` with the upload sides (and area) the provider's model looks at; OpenAI keeps `limits` as they are.
    package static func limits(_ limits: ImageLimits, provider: ProviderKind, localSide: Int) -> ImageLimits {
        var budget = limits
        switch provider {
        case .openai:
            return limits
        case .anthropic:
            (budget.uploadMaxSide, budget.uploadMaxShortSide) = (anthropicMaxSide, anthropicMaxSide)
            budget.uploadMaxArea = anthropicMaxArea
        case .gemini:
            (budget.uploadMaxSide, budget.uploadMaxShortSide) = (geminiTile, geminiTile)
        case .openAICompatible:
            (budget.uploadMaxSide, budget.uploadMaxShortSide) = (localSide, localSide)
        }
        return budget
    }

    /// The image tokens an upload of `width`×`height` costs, or nil where the provider does not say (local models).
    package static func tokens(width: Int, height: Int, provider: ProviderKind, detail: String = "high") -> Int? {
        let (width, height) = (max(width, 1), max(height, 1))
        switch provider {
        case .openai:
            if detail == "low" { return 85 }
            var (w, h) = (Double(width), Double(height))
            let fit = min(1, 2048 / max(w, h))
            (w, h) = (w * fit, h * fit)
            let short = min(1, 768 / min(w, h))
            (w, h) = ((w * short).rounded(), (h * short).rounded())
            return 85 + 170 * Int((w / 512).rounded(.up)) * Int((h / 512).rounded(.up))
        case .anthropic:
            return ((width + 27) / 28) * ((height + 27) / 28)
        case .gemini:
            if width <= 384, height <= 384 { return 258 }
            return 258 * ((width + geminiTile - 1) / geminiTile) * ((height + geminiTile - 1) / geminiTile)
        case .openAICompatible:
            return nil
        }
    }
}

extension Settings {
    /// The image limits for the upload: `imageLimits` with the chosen provider's image budget.
    package var uploadLimits: ImageLimits {
        ImageBudget.limits(imageLimits, provider: provider, localSide: local.imageSide)
    }
}
