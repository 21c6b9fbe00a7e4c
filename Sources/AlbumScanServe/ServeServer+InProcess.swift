import FlyingFox

/// The server without a socket, for tests: requests go straight to the router a connection would hand them to, and
/// its answers come back as they would be written (swift-openapi-generator's TestServerTransport, Hummingbird's
/// `app.test(.router)`). What only a socket shows (413 before the body, the event stream's framing, the header
/// limits) is tested on a live server.
extension ServeServer {
    /// Sets the names the server answers to as `start` would once listening, with the machine's name given.
    package func answer(asAddresses addresses: [String], machineName: String?, port: UInt16) {
        context.listening(addresses: addresses, machineName: machineName, port: port)
    }

    /// The router's answer to `request`.
    package func respond(to request: FlyingFox.HTTPRequest) async -> FlyingFox.HTTPResponse {
        do {
            return try await ServeRouter(context: context).handleRequest(request)
        } catch {
            return APIError.internalError("the server failed; see its log").response
        }
    }
}
