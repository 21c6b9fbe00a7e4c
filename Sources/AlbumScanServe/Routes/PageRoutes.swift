import AlbumScanApp
import FlyingFox
import Foundation

/// The page (`/`, `/app.css` and the script modules `/js/NAME.js`, compiled into the binary) and the crate page
/// (`/crate`).
struct PageRoutes {
    let context: ServeContext

    /// The page's script modules by file name (Page/js; each is also a resource in Package.swift).
    static let scripts: [String: [UInt8]] = [
        "api.js": PackageResources.api_js,
        "back-photo.js": PackageResources.back_photo_js,
        "catalogue.js": PackageResources.catalogue_js,
        "change-log.js": PackageResources.change_log_js,
        "correction.js": PackageResources.correction_js,
        "connection.js": PackageResources.connection_js,
        "defaults-form.js": PackageResources.defaults_form_js,
        "dom.js": PackageResources.dom_js,
        "export-panel.js": PackageResources.export_panel_js,
        "exports.js": PackageResources.exports_js,
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
        "unidentified.js": PackageResources.unidentified_js,
        "wrong-album.js": PackageResources.wrong_album_js,
    ]

    /// `GET /`: the page.
    func page() -> HTTPResponse {
        ServeResponse.data(Data(PackageResources.index_html), type: "text/html; charset=utf-8")
    }

    /// `GET /app.css`.
    func stylesheet() -> HTTPResponse {
        ServeResponse.data(Data(PackageResources.app_css), type: "text/css; charset=utf-8")
    }

    /// `GET /js/NAME.js`; `ServeRoute.parse` has checked that the module exists.
    func script(_ name: String) throws -> HTTPResponse {
        guard let script = Self.scripts[name] else { throw APIError.notFound("/js/\(name)") }
        return ServeResponse.data(Data(script), type: "text/javascript; charset=utf-8")
    }

    /// `GET /crate`: the crate page of every scan, as `history --html` writes it.
    func crate() async throws -> HTTPResponse {
        let store = try await context.store()
        let ids = try await store.history(limit: Int(Int32.max)).map(\.id)
        let html = try await CratePage.load(ids: ids, from: store).render()
        return ServeResponse.data(Data(html.utf8), type: "text/html; charset=utf-8", policy: ServeResponse.cratePolicy)
    }
}
