import FlyingFox
import Foundation

/// `GET /api/jobs`, `GET /api/jobs/ID` and the event stream `GET /api/events`.
struct JobRoutes {
    let context: ServeContext

    /// `GET /api/jobs`: this client's jobs, newest first.
    func list(client: String) -> HTTPResponse {
        ServeResponse.json(context.queue.snapshots(client: client))
    }

    /// `GET /api/jobs/ID`; a job this server does not know is 404 (`unknown-job`).
    func job(_ id: String) throws -> HTTPResponse {
        guard let job = context.queue.snapshot(id) else { throw APIError.unknownJob(id) }
        return ServeResponse.json(job)
    }

    /// Server-Sent Events of this client's jobs, open until the client leaves or the server stops.
    func events(client: String) -> HTTPResponse {
        var headers = ServeResponse.headers(type: "text/event-stream")
        headers[HTTPHeader("X-Accel-Buffering")] = "no"
        let body = HTTPBodySequence(
            from: EventStreamBody(events: context.hub.subscribe(client: client)), suggestedBufferSize: 65_536)
        return HTTPResponse(statusCode: .ok, headers: headers, body: body)
    }
}
