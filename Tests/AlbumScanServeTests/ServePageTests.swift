import AlbumScanCore
import AlbumScanServe
import AlbumScanTestSupport
import Foundation
import Testing

/// The page's files as the server sends them: every script module of Page/js, as it is in the source tree.
@Suite struct ServePageTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/AlbumScanServe/Page")

    /// The modules in Page/js, by file name.
    static func modules() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: page.appendingPathComponent("js").path)
            .filter { $0.hasSuffix(".js") }.sorted()
    }

    @Test("each module of Page/js is served at /js/NAME.js as it is in the tree, as JavaScript, under the page's CSP")
    func modulesServed() async throws {
        let names = try Self.modules()
        #expect(names.contains("main.js"))
        try await InProcessServe.run { serve in
            let cookie = try await serve.pair()
            for name in names {
                let answer = try await serve.http.send("GET", "/js/\(name)", headers: ["Cookie": cookie])
                #expect(answer.status == 200, "\(name)")
                #expect(answer.headers["content-type"] == "text/javascript; charset=utf-8", "\(name)")
                #expect(answer.headers["content-security-policy"]?.contains("script-src 'self';") == true, "\(name)")
                let source = try Data(contentsOf: Self.page.appendingPathComponent("js/\(name)"))
                #expect(answer.body == source, "\(name) is not the file in Page/js: is it a resource in Package.swift?")
            }
            for path in ["/js/nowhere.js", "/js", "/js/main.js/x", "/app.js"] {
                let answer = try await serve.http.send("GET", path, headers: ["Cookie": cookie])
                #expect(answer.status == 404, "\(path)")
            }
        }
    }

    @Test("the page loads main.js as a module and holds no inline script; every module a module imports is served")
    func moduleGraph() throws {
        let html = try String(contentsOf: Self.page.appendingPathComponent("index.html"), encoding: .utf8)
        let scripts = html.components(separatedBy: "<script").dropFirst()
        #expect(scripts.count == 1)
        #expect(scripts.allSatisfy { $0.hasPrefix(#" type="module" src="/js/main.js"></script>"#) })
        let names = Set(try Self.modules())
        for name in names {
            let source = try String(contentsOf: Self.page.appendingPathComponent("js/\(name)"), encoding: .utf8)
            for line in source.split(separator: "\n") where line.hasPrefix("import ") {
                let target = try #require(line.split(separator: "'").dropFirst().first, "\(name): \(line)")
                #expect(target.hasPrefix("./") && names.contains(String(target.dropFirst(2))), "\(name) imports \(target)")
            }
        }
    }
}
