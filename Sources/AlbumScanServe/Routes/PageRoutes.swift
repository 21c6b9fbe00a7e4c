import FlyingFox
import Foundation

/// The page (`/`, `/app.js`, `/app.css`, compiled into the binary) and the crate page (`/crate`).
struct PageRoutes {
    let context: ServeContext

    func handle(_ request: HTTPRequest, parts: [String]) async throws -> HTTPResponse {
        try ServeRouter.allow(request, ["GET"])
        switch parts.first {
        case nil: return ServeResponse.data(Data(PackageResources.index_html), type: "text/html; charset=utf-8")
        case "app.js": return ServeResponse.data(Data(PackageResources.app_js), type: "text/javascript; charset=utf-8")
        case "app.css": return ServeResponse.data(Data(PackageResources.app_css), type: "text/css; charset=utf-8")
        default:
            let store = try await context.store()
            let ids = try await store.history(limit: Int(Int32.max)).map(\.id)
            let html = try await context.configuration.cratePage(ids, store)
            return ServeResponse.data(Data(html.utf8), type: "text/html; charset=utf-8", policy: ServeResponse.cratePolicy)
        }
    }
}
