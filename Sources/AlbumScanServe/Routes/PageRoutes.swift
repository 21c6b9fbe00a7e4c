import FlyingFox
import Foundation

/// The page (`/`, `/app.css` and the script modules `/js/NAME.js`, compiled into the binary) and the crate page
/// (`/crate`).
struct PageRoutes {
    let context: ServeContext

    /// The page's script modules by file name (Page/js; each is also a resource in Package.swift).
    static let scripts: [String: [UInt8]] = [
        "api.js": PackageResources.api_js,
        "catalogue.js": PackageResources.catalogue_js,
        "change-log.js": PackageResources.change_log_js,
        "correction.js": PackageResources.correction_js,
        "connection.js": PackageResources.connection_js,
        "defaults-form.js": PackageResources.defaults_form_js,
        "dom.js": PackageResources.dom_js,
        "downscale.js": PackageResources.downscale_js,
        "grade-form.js": PackageResources.grade_form_js,
        "job-grading.js": PackageResources.job_grading_js,
        "jobs.js": PackageResources.jobs_js,
        "live.js": PackageResources.live_js,
        "main.js": PackageResources.main_js,
        "messages.js": PackageResources.messages_js,
        "page-state.js": PackageResources.page_state_js,
        "photo-names.js": PackageResources.photo_names_js,
        "photo-store.js": PackageResources.photo_store_js,
        "photos.js": PackageResources.photos_js,
        "queue.js": PackageResources.queue_js,
        "retry.js": PackageResources.retry_js,
        "scan-edits.js": PackageResources.scan_edits_js,
        "scan-result.js": PackageResources.scan_result_js,
        "scan-views.js": PackageResources.scan_views_js,
        "sha256.js": PackageResources.sha256_js,
        "shop-fields.js": PackageResources.shop_fields_js,
        "stages.js": PackageResources.stages_js,
        "wrong-album.js": PackageResources.wrong_album_js,
    ]

    func handle(_ request: HTTPRequest, parts: [String]) async throws -> HTTPResponse {
        try ServeRouter.allow(request, ["GET"])
        switch parts.first {
        case nil: return ServeResponse.data(Data(PackageResources.index_html), type: "text/html; charset=utf-8")
        case "app.css": return ServeResponse.data(Data(PackageResources.app_css), type: "text/css; charset=utf-8")
        case "js":
            guard parts.count == 2, let script = Self.scripts[parts[1]] else { throw APIError.notFound(request.path) }
            return ServeResponse.data(Data(script), type: "text/javascript; charset=utf-8")
        default:
            let store = try await context.store()
            let ids = try await store.history(limit: Int(Int32.max)).map(\.id)
            let html = try await context.configuration.cratePage(ids, store)
            return ServeResponse.data(Data(html.utf8), type: "text/html; charset=utf-8", policy: ServeResponse.cratePolicy)
        }
    }
}
