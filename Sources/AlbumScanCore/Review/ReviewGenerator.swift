import Foundation

/// Produces the review: from the cache when possible, else from the model, always through the content guard.
struct ReviewGenerator {
    let environment: AppEnvironment
    let store: AlbumStore
    var prompts: PromptLibrary { environment.prompts }

    /// Ultra with advanced search uses the search model and cites sources. Concurrent scans of one album in
    /// this process share one review (the followers report it as cached, with no tokens of their own).
    func review(of album: Album, ultra asked: Bool) async -> ReviewOutcome {
        let ultra = asked && environment.models.searchesWeb
        if asked, !ultra {
            // No web search here: the standard review stands in, and the user hears so once.
            let provider = environment.models.kind.displayName
            ScanDiagnostics.report(
                .review, .webSearchUnavailable,
                "\(provider) has no web search; Ultra's advanced-search review falls back to the standard review")
        }
        let key = AlbumKey(album).work
        let (outcome, shared) = await environment.flights.reviews.run("\(ultra ? "ultra" : "standard") \(key)") {
            await produce(album, key: key, ultra: ultra)
        }
        guard shared else { return outcome }
        var followed = outcome
        followed.usage = []
        if followed.status == .generated { followed.status = .cached }
        return followed
    }

    func produce(_ album: Album, key: AlbumKey, ultra: Bool) async -> ReviewOutcome {
        // A cache that cannot be read is a miss, reported: the review is generated again, and paid for.
        do {
            if let cached = try await store.review(key: key) {
                environment.log("review: cache hit for \(key)")
                return ReviewOutcome(status: .cached, review: cached, key: key)
            }
        } catch {
            ScanDiagnostics.report(
                .review, .cacheNotRead,
                "the cached review of \(album.title) cannot be read (\(error)); asking the model")
        }
        var usage: [TokenUsage] = []
        do {
            let prompt: PromptLibrary.Name = ultra ? .reviewUltra : .review
            guard var review = try await generate(album, prompt: prompt, usage: &usage) else {
                return ReviewOutcome(
                    status: .unavailable, key: key,
                    reason: .init(code: "unusable-reply", message: "no usable review after a retry"), usage: usage)
            }
            if ContentGuard.flags(review) {
                environment.log("review: content guard flagged money talk; asking again")
                let retry = try await generate(album, prompt: prompt, corrective: true, usage: &usage)
                guard
                    let clean = (retry.flatMap { ContentGuard.flags($0) ? ContentGuard.scrubbed($0) : $0 })
                        ?? ContentGuard.scrubbed(review)
                else {
                    return ReviewOutcome(
                        status: .unavailable, key: key,
                        reason: .init(code: "content-guard", message: "the review kept talking about money"),
                        usage: usage)
                }
                review = clean
            }
            let model = ultra ? environment.settings.searchModel : environment.settings.reviewModel
            let (hash, now, clean) = (try prompts.hash(prompt), environment.now(), review)
            do {
                try await store.saveReview(clean, key: key, model: model, promptHash: hash, at: now)
            } catch {
                ScanDiagnostics.report(.review, .cacheNotSaved, "the review of \(album.title) was not cached: \(error)")
            }
            return ReviewOutcome(status: .generated, review: review, key: key, usage: usage)
        } catch let error as AlbumScanError {
            return ReviewOutcome(
                status: .unavailable, key: key, reason: .init(code: error.code, message: error.message), usage: usage)
        } catch {
            return ReviewOutcome(
                status: .unavailable, key: key, reason: .init(code: "failed", message: "\(error)"), usage: usage)
        }
    }

    /// One model review, retried once when the reply is unusable.
    func generate(_ album: Album, prompt: PromptLibrary.Name, corrective: Bool = false, usage: inout [TokenUsage]) async throws
        -> Review?
    {
        let models = environment.models
        let request = try request(album, prompt: prompt, corrective: corrective)
        for attempt in 1...2 {
            let answer =
                prompt == .reviewUltra ? try await models.searchReview(request) : try await models.review(request)
            usage += answer.usage
            if answer.refusal == nil, answer.truncation == nil,
                var review = answer.text.flatMap({ ReviewReply.parse($0, warn: environment.log) })
            {
                review.sources = ReviewReply.cleanSources(answer.citations)
                return review
            }
            environment.log("review: unusable reply (attempt \(attempt) of 2)")
        }
        return nil
    }

    /// The review prompt: the album's metadata, and a correction when the last answer talked about money.
    func request(_ album: Album, prompt: PromptLibrary.Name, corrective: Bool) throws -> ModelPrompt {
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
        return ModelPrompt(system: try prompts.text(prompt), user: facts)
    }
}
