import FlyingFox

/// One request's route, read once from its method and path by `parse`, with its ids typed: what the router's one
/// `switch` serves. A path no route has is 404, a method its route does not take 405 with `Allow`.
enum ServeRoute: Equatable, Sendable {
    /// `GET /pair?token=`: the one route open without a cookie or token.
    case pair
    /// `GET /`, `GET /app.css`, `GET /js/NAME.js` (a module of `PageRoutes.scripts`), `GET /crate`.
    case page, stylesheet, script(String), crate
    /// `GET /api/scans` (the catalogue) and `POST /api/scans` (a photo).
    case scans, upload
    /// `GET`, `PATCH`, `DELETE /api/scans/ID`.
    case scan(Int64), editScan(Int64), deleteScan(Int64)
    /// `GET /api/scans/ID/photo`, `/changes`, `/artwork`.
    case scanPhoto(Int64), scanChanges(Int64), scanArtwork(Int64)
    /// `GET /api/jobs`, `GET /api/jobs/ID`.
    case jobs, job(String)
    /// `GET /api/events`, the event stream.
    case events
    /// `POST /api/scans/ID/photos?side=back|label`: the back of the sleeve (or its label) pins the scan's release.
    case scanSidePhoto(Int64)
    /// `PATCH /api/jobs/JOB`: shop fields typed before the job's scan is saved, saved with it.
    case editJob(String)
    /// `POST /api/jobs/JOB/photos?side=back`: the back of a job that ended unidentified, scanned with its front.
    case jobSidePhoto(String)
    /// `GET /api/export?format=`.
    case export
    /// `GET /api/export/report?format=`.
    case exportReport
    /// `POST /api/export/marks`.
    case exportMarks
    /// `GET /api/session`.
    case session

    /// The route of `method` on `path` (FlyingFox's decoded path, without its query).
    static func parse(method: HTTPMethod, path: String) throws(APIError) -> ServeRoute {
        let parts = components(path)
        let only = OnlyMethod(method: method)
        switch parts.first {
        case nil: return try only.get(.page)
        case "pair" where parts.count == 1: return try only.get(.pair)
        case "app.css" where parts.count == 1: return try only.get(.stylesheet)
        case "js" where parts.count == 2 && PageRoutes.scripts[parts[1]] != nil: return try only.get(.script(parts[1]))
        case "crate" where parts.count == 1: return try only.get(.crate)
        case "api": return try api(Array(parts.dropFirst()), only: only, path: path)
        default: throw APIError.notFound(path)
        }
    }

    /// The routes under `/api/`.
    private static func api(_ parts: [String], only: OnlyMethod, path: String) throws(APIError) -> ServeRoute {
        switch (parts.first, parts.count) {
        case ("scans", 1): return try only.one(of: [.GET: .scans, .POST: .upload])
        case ("scans", 2):
            let id = try scanID(parts[1])
            return try only.one(of: [.GET: .scan(id), .PATCH: .editScan(id), .DELETE: .deleteScan(id)])
        case ("scans", 3):
            let id = try scanID(parts[1])
            switch parts[2] {
            case "photo": return try only.get(.scanPhoto(id))
            case "changes": return try only.get(.scanChanges(id))
            case "artwork": return try only.get(.scanArtwork(id))
            case "photos": return try only.one(of: [.POST: .scanSidePhoto(id)])
            default: throw APIError.notFound(path)
            }
        case ("jobs", 1): return try only.get(.jobs)
        case ("jobs", 2): return try only.one(of: [.GET: .job(parts[1]), .PATCH: .editJob(parts[1])])
        case ("jobs", 3) where parts[2] == "photos": return try only.one(of: [.POST: .jobSidePhoto(parts[1])])
        case ("events", 1): return try only.get(.events)
        case ("export", 1): return try only.get(.export)
        case ("export", 2) where parts[1] == "report": return try only.get(.exportReport)
        case ("export", 2) where parts[1] == "marks": return try only.one(of: [.POST: .exportMarks])
        case ("session", 1): return try only.get(.session)
        default: throw APIError.notFound(path)
        }
    }

    /// A scan id: a positive integer, else 404 (`unknown-scan`) whatever follows it.
    private static func scanID(_ text: String) throws(APIError) -> Int64 {
        guard let id = Int64(text), id > 0 else { throw APIError.unknownScan(text) }
        return id
    }

    /// The path's segments, empty ones left out (`//api/jobs/` is `api`, `jobs`).
    static func components(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    /// Whether `path` is pairing's: its refusals (405) are told before auth, as the route itself is open.
    static func isPairing(_ path: String) -> Bool { components(path) == ["pair"] }

    /// Whether `path` is the API's, answered in JSON even when refused; other paths are a browser's pages.
    static func isAPI(_ path: String) -> Bool { components(path).first == "api" }

    /// Whether a request of `method` on this route (nil: none) must come from this server's own pages when it
    /// says where it comes from: every write, and the event stream.
    static func checksOrigin(_ method: HTTPMethod, route: ServeRoute?) -> Bool {
        method != .GET || route == .events
    }
}

/// The method check of one path: its route for a method it takes, else 405 naming the methods it does take (in
/// the order given, as `Allow` lists them).
private struct OnlyMethod {
    let method: HTTPMethod

    func get(_ route: ServeRoute) throws(APIError) -> ServeRoute {
        try one(of: [.GET: route])
    }

    func one(of routes: KeyValuePairs<HTTPMethod, ServeRoute>) throws(APIError) -> ServeRoute {
        guard let route = routes.first(where: { $0.key == method })?.value else {
            throw APIError.methodNotAllowed(routes.map(\.key.rawValue))
        }
        return route
    }
}
