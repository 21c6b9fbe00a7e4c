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
        guard let file else { throw HTTPTransportError.notRecorded(method: request.method, url: key.url) }
        let recording: Recording
        do {
            recording = try JSONDecoder().decode(Recording.self, from: Data(contentsOf: file))
        } catch {
            // A recording that is there but broken is not a missing one: the message names the file to fix.
            throw HTTPTransportError.failed(
                "the recording \(file.lastPathComponent) cannot be read: \(error.localizedDescription)")
        }
        let body =
            recording.response.body.map { Data($0.utf8) } ?? recording.response.bodyBase64.flatMap { Data(base64Encoded: $0) }
            ?? Data()
        return HTTPResponse(status: recording.response.status, headers: recording.response.headers, body: body)
    }

    /// The highest-numbered recording of a request, reused when a run repeats it more often than recorded.
    private func lastRecording(_ stem: String) -> URL? {
        // try?: a folder that cannot be listed has no recording to reuse, and the request is `notRecorded`
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let numbered = names.compactMap { name -> (Int, String)? in
            guard name.hasPrefix(stem + "."), name.hasSuffix(".json") else { return nil }
            let middle = name.dropFirst(stem.count + 1).dropLast(5)
            return Int(middle).map { ($0, name) }
        }
        return numbered.max { $0.0 < $1.0 }.map { directory.appendingPathComponent($0.1) }
    }
}
