import Foundation

/// What one chat completion answered, reduced to what albumscan uses.
struct ChatReply: Sendable {
    var content: String?
    var refusal: String?
    var finishReason: String?
    var citations: [Review.Source]
    var model: String
    var promptTokens: Int
    var completionTokens: Int

    /// Decodes a chat.completion envelope; nil when the body is not one.
    static func decode(_ body: Data) -> ChatReply? {
        // try?: a body that is not a chat.completion is nil, which the caller throws as unreadable
        guard let envelope = try? JSONDecoder().decode(Envelope.self, from: body), let choice = envelope.choices.first
        else { return nil }
        let citations = (choice.message.annotations ?? []).compactMap { annotation -> Review.Source? in
            guard annotation.type == "url_citation", let citation = annotation.urlCitation else { return nil }
            return Review.Source(title: citation.title ?? citation.url, url: citation.url)
        }
        return ChatReply(
            content: choice.message.content, refusal: choice.message.refusal, finishReason: choice.finishReason,
            citations: citations, model: envelope.model ?? "",
            promptTokens: envelope.usage?.promptTokens ?? 0, completionTokens: envelope.usage?.completionTokens ?? 0)
    }

    private struct Envelope: Decodable {
        var model: String?
        var choices: [Choice]
        var usage: Usage?
    }

    private struct Choice: Decodable {
        var message: Message
        var finishReason: String?

        enum CodingKeys: String, CodingKey {
            case message
            case finishReason = "finish_reason"
        }
    }

    private struct Message: Decodable {
        var content: String?
        var refusal: String?
        var annotations: [Annotation]?
    }

    private struct Annotation: Decodable {
        var type: String
        var urlCitation: Citation?

        enum CodingKeys: String, CodingKey {
            case type
            case urlCitation = "url_citation"
        }
    }

    private struct Citation: Decodable {
        var url: String
        var title: String?
    }

    private struct Usage: Decodable {
        var promptTokens: Int?
        var completionTokens: Int?

        enum CodingKeys: String, CodingKey {
            case promptTokens = "prompt_tokens"
            case completionTokens = "completion_tokens"
        }
    }
}
