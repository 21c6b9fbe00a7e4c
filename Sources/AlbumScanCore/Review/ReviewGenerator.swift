import Foundation

/// Produces the review: from the cache when possible, else from the model, always through the content guard.
struct ReviewGenerator {
    let environment: ScanEnvironment
    let prompts: PromptLibrary
    let store: AlbumStore

    /// Ultra with advanced search uses the search model and cites sources.
    func review(of album: Album, ultra: Bool) async -> ReviewOutcome {
        let key = ReviewCacheKey.make(artist: album.artist, title: album.title)
        if let cached = try? store.review(key: key) {
            environment.log("review: cache hit for \(key)")
            return ReviewOutcome(status: .cached, review: cached, key: key)
        }
        var usage: [TokenUsage] = []
        do {
            let prompt: PromptLibrary.Name = ultra ? .reviewUltra : .review
            guard var review = try await generate(album, prompt: prompt, usage: &usage) else {
                return ReviewOutcome(status: .unavailable, key: key, reason: "no usable review after a retry", usage: usage)
            }
            if ContentGuard.flags(review) {
                environment.log("review: content guard flagged money talk; asking again")
                let retry = try await generate(album, prompt: prompt, corrective: true, usage: &usage)
                guard
                    let clean = (retry.flatMap { ContentGuard.flags($0) ? ContentGuard.scrubbed($0) : $0 })
                        ?? ContentGuard.scrubbed(review)
                else {
                    return ReviewOutcome(
                        status: .unavailable, key: key, reason: "the review kept talking about money", usage: usage)
                }
                review = clean
            }
            let model = ultra ? environment.settings.searchModel : environment.settings.reviewModel
            try? store.saveReview(review, key: key, model: model, promptHash: try prompts.hash(prompt), at: environment.now())
            return ReviewOutcome(status: .generated, review: review, key: key, usage: usage)
        } catch let error as AlbumScanError {
            return ReviewOutcome(status: .unavailable, key: key, reason: error.message, usage: usage)
        } catch {
            return ReviewOutcome(status: .unavailable, key: key, reason: "\(error)", usage: usage)
        }
    }

    /// One model review, retried once when the reply is unusable.
    func generate(_ album: Album, prompt: PromptLibrary.Name, corrective: Bool = false, usage: inout [TokenUsage]) async throws
        -> Review?
    {
        let chat = try request(album, prompt: prompt, corrective: corrective)
        for attempt in 1...2 {
            let answer = try await OpenAIClient(environment: environment).complete(chat)
            usage.append(
                TokenUsage(model: chat.model, promptTokens: answer.promptTokens, completionTokens: answer.completionTokens))
            if answer.refusal == nil, answer.finishReason != "length",
                var review = answer.content.flatMap({ ReviewReply.parse($0, warn: environment.log) })
            {
                review.sources = ReviewReply.cleanSources(answer.citations)
                return review
            }
            environment.log("review: unusable reply (attempt \(attempt) of 2)")
        }
        return nil
    }

    func request(_ album: Album, prompt: PromptLibrary.Name, corrective: Bool) throws -> ChatRequest {
        var facts = """
            Artist: \(album.artist)
            Title: \(album.title)
            Year: \(album.year ?? "unknown")
            Genres: \(album.genres.isEmpty ? "unknown" : album.genres.joined(separator: ", "))
            Label: \(album.label ?? "unknown")
            """
        if corrective {
            facts += "\n\nYour previous answer mentioned money, value, rarity or pressings. Write it again about the music only."
        }
        let messages: [ChatRequest.Message] = [
            .init(role: "system", content: [.text(try prompts.text(prompt))]),
            .init(role: "user", content: [.text(facts)]),
        ]
        if prompt == .reviewUltra {
            return ChatRequest(
                model: environment.settings.searchModel, messages: messages, webSearchOptions: .init(searchContextSize: "medium"))
        }
        return ChatRequest(
            model: environment.settings.reviewModel, messages: messages,
            responseFormat: .init(jsonSchema: .init(name: "album_review", schema: ReviewReply.schema)),
            maxCompletionTokens: 900, temperature: 0.4)
    }
}
