import FlyingFox
import Testing

@testable import AlbumScanServe

/// `ServeRoute.parse`, the one place a request's method and path are read: every route, bad scan ids, methods a route
/// does not take (405 naming those it does in `Allow`), and paths no route has (404).
@Suite struct ServeRouteParseTests {
    static let routes: [(HTTPMethod, String, ServeRoute)] = [
        (.GET, "/", .page),
        (.GET, "/pair", .pair),
        (.GET, "/app.css", .stylesheet),
        (.GET, "/js/main.js", .script("main.js")),
        (.GET, "/js/scan-result.js", .script("scan-result.js")),
        (.GET, "/crate", .crate),
        (.GET, "/api/scans", .scans),
        (.POST, "/api/scans", .upload),
        (.GET, "/api/scans/7", .scan(7)),
        (.PATCH, "/api/scans/7", .editScan(7)),
        (.DELETE, "/api/scans/7", .deleteScan(7)),
        (.GET, "/api/scans/7/photo", .scanPhoto(7)),
        (.GET, "/api/scans/7/changes", .scanChanges(7)),
        (.GET, "/api/scans/7/artwork", .scanArtwork(7)),
        (.GET, "/api/jobs", .jobs),
        (.GET, "/api/jobs/0a1b2c3d4e5f", .job("0a1b2c3d4e5f")),
        (.GET, "/api/events", .events),
        (.GET, "/api/export", .export),
        (.GET, "/api/export/report", .exportReport),
        (.POST, "/api/scans/7/photos", .scanSidePhoto(7)),
        (.POST, "/api/jobs/abc123/photos", .jobSidePhoto("abc123")),
        (.PATCH, "/api/jobs/abc123", .editJob("abc123")),
        (.POST, "/api/export/marks", .exportMarks),
        (.GET, "/api/session", .session),
        // Empty segments are left out; ids are whole 64-bit numbers.
        (.GET, "//api//jobs/", .jobs),
        (.GET, "/api/scans/9223372036854775807", .scan(Int64.max)),
    ]

    @Test("each route is read from its method and path", arguments: routes)
    func eachRoute(method: HTTPMethod, path: String, route: ServeRoute) throws {
        #expect(try ServeRoute.parse(method: method, path: path) == route)
    }

    static let wrongMethods: [(HTTPMethod, String, String)] = [
        (.POST, "/", "GET"),
        (.POST, "/pair", "GET"),
        (.HEAD, "/app.css", "GET"),
        (.DELETE, "/js/main.js", "GET"),
        (.POST, "/crate", "GET"),
        (.PUT, "/api/scans", "GET, POST"),
        (.DELETE, "/api/scans", "GET, POST"),
        (.PUT, "/api/scans/7", "GET, PATCH, DELETE"),
        (.POST, "/api/scans/7", "GET, PATCH, DELETE"),
        (.POST, "/api/scans/7/photo", "GET"),
        (.DELETE, "/api/scans/7/changes", "GET"),
        (.PATCH, "/api/scans/7/artwork", "GET"),
        (.POST, "/api/jobs", "GET"),
        (.DELETE, "/api/jobs/0a1b2c3d4e5f", "GET, PATCH"),
        (.POST, "/api/events", "GET"),
        (.POST, "/api/export", "GET"),
        (.POST, "/api/export/report", "GET"),
        (.GET, "/api/scans/7/photos", "POST"),
        (.GET, "/api/jobs/abc123/photos", "POST"),
        (.GET, "/api/export/marks", "POST"),
        (.PATCH, "/api/session", "GET"),
    ]

    @Test("a method the route does not take is 405, naming in Allow the methods it takes", arguments: wrongMethods)
    func wrongMethod(method: HTTPMethod, path: String, allow: String) {
        let error = Self.refusal(method, path)
        #expect(error?.status.code == 405)
        #expect(error?.code == "method-not-allowed")
        #expect(error?.headers[HTTPHeader("Allow")] == allow)
        #expect(error?.message == "use " + allow.replacingOccurrences(of: ", ", with: " or "))
    }

    static let badScanIDs: [(HTTPMethod, String, String)] = [
        (.GET, "/api/scans/0", "0"),
        (.GET, "/api/scans/-3", "-3"),
        (.GET, "/api/scans/abc", "abc"),
        (.GET, "/api/scans/1.5", "1.5"),
        (.GET, "/api/scans/99999999999999999999", "99999999999999999999"),
        // The id is read before the method and what follows it, as it always was.
        (.PUT, "/api/scans/abc", "abc"),
        (.GET, "/api/scans/abc/photo", "abc"),
        (.GET, "/api/scans/x/nowhere", "x"),
    ]

    @Test("a scan id that is not a positive whole number is 404 unknown-scan naming it", arguments: badScanIDs)
    func badScanID(method: HTTPMethod, path: String, id: String) {
        let error = Self.refusal(method, path)
        #expect(error?.status.code == 404)
        #expect(error?.code == "unknown-scan")
        #expect(error?.message == "no scan with id \(id)")
    }

    static let unknownPaths = [
        "/nowhere", "/app.js", "/js", "/js/nowhere.js", "/js/main.js/x", "/crate/x", "/pair/x", "/api", "/api/nowhere",
        "/API/jobs", "/api/scans/7/nowhere", "/api/scans/7/photo/x", "/api/jobs/a/b", "/api/events/x", "/api/session/x",
    ]

    @Test("a path no route has is 404 not-found naming it, whatever the method", arguments: unknownPaths)
    func unknownPath(path: String) {
        for method in [HTTPMethod.GET, .POST, .DELETE] {
            let error = Self.refusal(method, path)
            #expect(error?.status.code == 404, "\(method.rawValue) \(path)")
            #expect(error?.code == "not-found", "\(method.rawValue) \(path)")
            #expect(error?.message == "no such page: \(path)")
        }
    }

    @Test("pairing, the API and the origin-checked requests are told apart by their paths and methods")
    func kindsOfPath() {
        #expect(ServeRoute.isPairing("/pair") && ServeRoute.isPairing("//pair/"))
        #expect(!ServeRoute.isPairing("/pair/x") && !ServeRoute.isPairing("/"))
        #expect(ServeRoute.isAPI("/api") && ServeRoute.isAPI("/api/nowhere"))
        #expect(!ServeRoute.isAPI("/") && !ServeRoute.isAPI("/apis") && !ServeRoute.isAPI("/crate"))
        #expect(ServeRoute.checksOrigin(.GET, route: .events))
        #expect(!ServeRoute.checksOrigin(.GET, route: .jobs) && !ServeRoute.checksOrigin(.GET, route: nil))
        for method in [HTTPMethod.POST, .PATCH, .DELETE, .PUT] {
            #expect(ServeRoute.checksOrigin(method, route: nil) && ServeRoute.checksOrigin(method, route: .upload))
        }
    }

    /// The refusal `parse` throws, or nil when it finds a route.
    static func refusal(_ method: HTTPMethod, _ path: String) -> APIError? {
        do {
            let route = try ServeRoute.parse(method: method, path: path)
            Issue.record("\(method.rawValue) \(path) is \(route), not refused")
            return nil
        } catch {
            return error
        }
    }
}
