/// How long a connection may take before it is closed without an answer. Neither time is reset by bytes arriving,
/// so a client sending one byte a second holds a connection no longer than one that sends nothing.
package struct ConnectionTimeouts: Sendable {
    /// From a connection's start, or its last answer, to the first byte of the next request.
    package var idle: Duration = .seconds(60)
    /// From a request's first byte to the blank line that ends its headers.
    package var head: Duration = .seconds(10)
    /// A route's whole work on a request, its body's reading included; past it the answer is 500.
    package var handler: Duration = .seconds(600)

    package init() {}
}
