import FlyingFox
import Foundation

/// `GET /api/jobs`, `GET /api/jobs/ID` and the event stream `GET /api/events`.
struct JobRoutes {
    let context: ServeContext

    func handle(_ request: HTTPRequest, parts: [String], client: String) throws -> HTTPResponse {
        try ServeRouter.allow(request, ["GET"])
        switch parts.count {
        case 0: return ServeResponse.json(context.queue.snapshots(client: client))
        case 1:
            guard let job = context.queue.snapshot(parts[0]) else { throw APIError.unknownJob(parts[0]) }
            return ServeResponse.json(job)
        default: throw APIError.notFound(request.path)
        }
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
