import Foundation

/// Runs ID Call 1, the search gate and, when allowed, ID Call 2.
struct Identifier {
    let environment: AppEnvironment
    /// A barcode read on the sleeve that MusicBrainz does not list: a clue for both calls. Without one the
    /// requests are byte for byte what they always were.
    var barcode: RetailBarcode? = nil
    var prompts: PromptLibrary { environment.prompts }

    /// `progress` hears `.searching` when ID Call 2 starts.
    func identify(
        _ image: PreparedImage, tier: Tier, advancedSearch: Bool, progress: @Sendable (ScanStage) -> Void = { _ in }
    ) async throws -> Identification {
        let models = environment.models
        var usage: [TokenUsage] = []
        let firstPrompt = try firstCall()
        let first = try await ask(usage: &usage) { try await models.identify(firstPrompt, image: image) }
        guard let reply = first.reply else {
            return Identification(
                album: nil, calls: 1, searchGate: .notNeeded, reason: first.failure, citations: [], usage: usage,
                why: .replyUnreadable)
        }
        environment.log("identify: call 1 says \(reply.status.rawValue)")
        let gate = SearchGate.decide(
            searchNeeded: reply.status == .searchNeeded, observation: reply.observation, tier: tier,
            advancedSearch: advancedSearch)
        switch (reply.status, gate) {
        case (.identified, _):
            return Identification(album: reply.album, calls: 1, searchGate: .notNeeded, reason: nil, citations: [], usage: usage)
        case (.searchNeeded, .passed), (.searchNeeded, .bypassed):
            guard models.searchesWeb else {
                // The gate would let ID Call 2 run, but this provider cannot search the web.
                let why = "\(models.kind.displayName) has no web search, so ID Call 2 cannot run"
                return Identification(
                    album: nil, calls: 1, searchGate: .unavailable, reason: why, citations: [], usage: usage,
                    why: .providerCannotSearch)
            }
            progress(.searching)
            let secondPrompt = try secondCall(reply)
            let second = try await ask(usage: &usage) { try await models.searchIdentify(secondPrompt) }
            var album = second.reply?.status == .identified ? second.reply?.album : nil
            // The search step sees no photo: what Call 1 read of the edition stands unless the search read more.
            if album?.edition.isEmpty == true { album?.edition = reply.edition }
            let reason = album == nil ? (second.failure ?? second.reply?.reason ?? "the web search found no match") : nil
            let cause: UnidentifiedReason? =
                album != nil ? nil : second.reply == nil ? .replyUnreadable : .searchFoundNothing
            return Identification(
                album: album, calls: 2, searchGate: gate, reason: reason, citations: second.citations, usage: usage,
                why: cause)
        case (.searchNeeded, _):
            let why = gate == .notAllowed ? "the base tier does not search the web" : "too little readable text to search for"
            return Identification(
                album: nil, calls: 1, searchGate: gate, reason: why, citations: [], usage: usage,
                why: gate == .notAllowed ? .searchNeededBaseTier : .tooLittleText)
        case (.unresolved, _):
            return Identification(
                album: nil, calls: 1, searchGate: .notNeeded, reason: reply.reason ?? "the model could not tell",
                citations: [], usage: usage, why: UnidentifiedReason.unresolved(saying: reply.reason))
        }
    }

    /// A parsed reply, or why none could be had after one retry.
    struct Attempt {
        var reply: IdentifyReply?
        var failure: String?
        var citations: [Review.Source] = []
    }

    /// Makes a call; a refusal, a truncated or an unparseable reply is retried once.
    func ask(usage: inout [TokenUsage], _ call: () async throws -> ModelReply) async throws -> Attempt {
        var failure = ""
        for attempt in 1...2 {
            let answer = try await call()
            usage += answer.usage
            if let refusal = answer.refusal {
                failure = "the model refused: \(refusal.prefix(120))"
            } else if let truncation = answer.truncation {
                failure = "the model's reply was cut off (\(truncation))"
            } else if let parsed = answer.text.flatMap(IdentifyReply.parse) {
                return Attempt(reply: parsed, failure: nil, citations: answer.citations)
            } else {
                failure = "the model's reply was not the expected JSON"
            }
            environment.log("identify: \(failure) (attempt \(attempt) of 2)")
        }
        return Attempt(reply: nil, failure: failure)
    }

    /// ID Call 1: the identify prompt; the photo goes with it.
    func firstCall() throws -> ModelPrompt {
        ModelPrompt(
            system: try prompts.text(.identify),
            user: "Which album is this?" + (barcode.map { " " + Self.barcodeClue($0) } ?? ""))
    }

    /// The clue sentence for a barcode MusicBrainz does not list.
    static func barcodeClue(_ barcode: RetailBarcode) -> String {
        "The sleeve carries the \(barcode.kind.rawValue) barcode \(barcode.digits), which MusicBrainz does not list; "
            + "search for it too."
    }

    /// ID Call 2: text only, with what Call 1 saw.
    func secondCall(_ first: IdentifyReply) throws -> ModelPrompt {
        let observation = first.observation
        let details = """
            Text read from the cover: \(observation.extractedText.isEmpty ? "(none)" : observation.extractedText)
            Reading confidence: \(observation.textConfidence.rawValue)
            Artwork: \(observation.visualDescription)
            Suggested search: \(first.searchQuery ?? observation.extractedText)
            """ + (barcode.map { "\n" + Self.barcodeClue($0) } ?? "")
        return ModelPrompt(system: try prompts.text(.search), user: details)
    }
}
