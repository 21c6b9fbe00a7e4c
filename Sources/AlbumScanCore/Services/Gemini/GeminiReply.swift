import Foundation

/// What one `generateContent` response answered, reduced to what albumscan uses.
struct GeminiReply: Sendable {
    var text: String
    var finishReason: String?
    /// Why the prompt itself was blocked (no candidates then).
    var blockReason: String?
    /// `groundingChunks[].web`: the uri is a redirect link, the title the site's domain.
    var sources: [Review.Source]
    var searchQueries: [String]
    var promptTokens: Int
    var completionTokens: Int
    /// The `IMAGE` entry of `promptTokensDetails`, when reported.
    var imageTokens: Int?

    /// Decodes a response; nil when the body is not one.
    static func decode(_ body: Data) -> GeminiReply? {
        // try?: a body that is not a Gemini response is nil, which the caller throws as unreadable
        guard let envelope = try? JSONDecoder().decode(Envelope.self, from: body),
            envelope.candidates != nil || envelope.promptFeedback != nil || envelope.usageMetadata != nil
        else { return nil }
        let candidate = envelope.candidates?.first
        let parts = candidate?.content?.parts ?? []
        let text = parts.filter { $0.thought != true }.compactMap(\.text).joined()
        let grounding = candidate?.groundingMetadata
        let sources = (grounding?.groundingChunks ?? []).compactMap { chunk -> Review.Source? in
            guard let uri = chunk.web?.uri else { return nil }
            return Review.Source(title: chunk.web?.title ?? uri, url: uri)
        }
        let usage = envelope.usageMetadata
        return GeminiReply(
            text: text, finishReason: candidate?.finishReason, blockReason: envelope.promptFeedback?.blockReason,
            sources: sources, searchQueries: grounding?.webSearchQueries ?? [],
            promptTokens: (usage?.promptTokenCount ?? 0) + (usage?.toolUsePromptTokenCount ?? 0),
            completionTokens: (usage?.candidatesTokenCount ?? 0) + (usage?.thoughtsTokenCount ?? 0),
            imageTokens: usage?.promptTokensDetails?.first { $0.modality == "IMAGE" }?.tokenCount)
    }

    private struct Envelope: Decodable {
        var candidates: [Candidate]?
        var promptFeedback: PromptFeedback?
        var usageMetadata: Usage?
    }

    private struct Candidate: Decodable {
        var content: Content?
        var finishReason: String?
        var groundingMetadata: Grounding?
    }

    private struct Content: Decodable {
        var parts: [Part]?
    }

    private struct Part: Decodable {
        var text: String?
        var thought: Bool?
    }

    private struct Grounding: Decodable {
        var webSearchQueries: [String]?
        var groundingChunks: [Chunk]?
    }

    private struct Chunk: Decodable {
        var web: Web?
    }

    private struct Web: Decodable {
        var uri: String?
        var title: String?
    }

    private struct PromptFeedback: Decodable {
        var blockReason: String?
    }

    private struct Usage: Decodable {
        var promptTokenCount: Int?
        var candidatesTokenCount: Int?
        var thoughtsTokenCount: Int?
        var toolUsePromptTokenCount: Int?
        var promptTokensDetails: [ModalityCount]?
    }

    private struct ModalityCount: Decodable {
        var modality: String?
        var tokenCount: Int?
    }
}

/// The `{"error": {"code", "message", "status", "details"}}` body Google APIs send with error statuses.
struct GeminiErrorBody: Decodable {
    var message: String?
    var status: String?
    var details: [Detail]?

    struct Detail: Decodable {
        var reason: String?
    }

    /// The first `ErrorInfo.reason`, such as `API_KEY_INVALID`.
    var reason: String? { details?.compactMap(\.reason).first }

    static func decode(_ body: Data) -> GeminiErrorBody? {
        struct Wrapper: Decodable { var error: GeminiErrorBody }
        // try?: an error body that is not Google's form is nil: the status alone is reported
        return (try? JSONDecoder().decode(Wrapper.self, from: body))?.error
    }
}
