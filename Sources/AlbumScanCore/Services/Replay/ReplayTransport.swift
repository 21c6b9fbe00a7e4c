import Foundation

/// Answers every request from recordings, with no network at all.
package final class ReplayTransport: HTTPTransport, Sendable {
    private let directory: URL
    private let counter = OccurrenceCounter()
    private let roots: ServiceRoots

    /// Answers from the recordings in `directory`, placing each request under one of `roots`.
    package init(directory: URL, roots: ServiceRoots = ServiceRoots(settings: Settings())) throws {
        self.roots = roots
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw AlbumScanError.configuration("replay folder \(directory.path) does not exist")
        }
        self.directory = directory
    }

    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let key = Recording.request(for: request, roots: roots)
        let stem = Recording.stem(for: key)
        let occurrence = counter.next(stem)
        let wanted = directory.appendingPathComponent("\(stem).\(occurrence).json")
        let file = FileManager.default.fileExists(atPath: wanted.path) ? wanted : lastRecording(stem)
        guard let file, let data = try? Data(contentsOf: file),
            let recording = try? JSONDecoder().decode(Recording.self, from: data)
        else { throw HTTPTransportError.notRecorded(method: request.method, url: key.url) }
        let body =
            recording.response.body.map { Data($0.utf8) } ?? recording.response.bodyBase64.flatMap { Data(base64Encoded: $0) }
            ?? Data()
        return HTTPResponse(status: recording.response.status, headers: recording.response.headers, body: body)
    }

    /// The highest-numbered recording of a request, reused when a run repeats it more often than recorded.
    private func lastRecording(_ stem: String) -> URL? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let numbered = names.compactMap { name -> (Int, String)? in
            guard name.hasPrefix(stem + "."), name.hasSuffix(".json") else { return nil }
            let middle = name.dropFirst(stem.count + 1).dropLast(5)
            return Int(middle).map { ($0, name) }
        }
        return numbered.max { $0.0 < $1.0 }.map { directory.appendingPathComponent($0.1) }
    }
}
