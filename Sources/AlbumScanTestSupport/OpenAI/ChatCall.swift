import Foundation

/// A chat-completions request as `FakeOpenAI` hands it to the responder.
package struct ChatCall: Sendable {
    /// The HTTP request it came in.
    package var request: FakeRequest
    /// The `model` field.
    package var model: String
    /// Whether any user message carries an `image_url` part.
    package var hasImage: Bool
    /// The first image part's URL (a `data:image/...;base64,` URL for uploads).
    package var imageDataURL: String?
    /// The first image part's `detail`, if set.
    package var imageDetail: String?
    /// The `json_schema.name` of a `json_schema` response format.
    package var responseFormatName: String?
    /// The `response_format.type`, such as `json_schema` or `json_object`.
    package var responseFormatType: String?
    /// All system and developer message text, joined with newlines.
    package var systemText: String
    /// All user message text parts, joined with newlines.
    package var userText: String
    /// Whether the request carries `web_search_options`.
    package var usesWebSearch: Bool

    /// The parsed JSON body (an empty object if the body is not a JSON object).
    package var body: [String: Any] { request.jsonObject ?? [:] }

    /// Whether the model is a search-preview model.
    package var isSearchModel: Bool { model.contains("search-preview") }

    /// Reads the call out of a request whose body is a chat-completions JSON object.
    package init(request: FakeRequest) {
        self.request = request
        let body = request.jsonObject ?? [:]
        model = body["model"] as? String ?? ""
        usesWebSearch = body["web_search_options"] != nil
        let format = body["response_format"] as? [String: Any]
        responseFormatType = format?["type"] as? String
        responseFormatName = (format?["json_schema"] as? [String: Any])?["name"] as? String
        var system: [String] = []
        var user: [String] = []
        var images: [[String: Any]] = []
        for message in body["messages"] as? [[String: Any]] ?? [] {
            let role = message["role"] as? String ?? ""
            let (texts, parts) = Self.split(message["content"])
            if role == "system" || role == "developer" { system += texts }
            if role == "user" {
                user += texts
                images += parts
            }
        }
        systemText = system.joined(separator: "\n")
        userText = user.joined(separator: "\n")
        hasImage = !images.isEmpty
        imageDataURL = images.first?["url"] as? String
        imageDetail = images.first?["detail"] as? String
    }

    /// Splits message content into its text pieces and its `image_url` objects.
    private static func split(_ content: Any?) -> (texts: [String], images: [[String: Any]]) {
        if let text = content as? String { return ([text], []) }
        var texts: [String] = []
        var images: [[String: Any]] = []
        for part in content as? [[String: Any]] ?? [] {
            switch part["type"] as? String {
            case "text": texts.append(part["text"] as? String ?? "")
            case "image_url": images.append(part["image_url"] as? [String: Any] ?? [:])
            default: continue
            }
        }
        return (texts, images)
    }
}

extension ChatCall: CustomStringConvertible {
    package var description: String {
        "chat call model=\(model) image=\(hasImage) format=\(responseFormatName ?? "-") search=\(usesWebSearch) "
            + "user=\(userText.prefix(80).debugDescription)"
    }
}
