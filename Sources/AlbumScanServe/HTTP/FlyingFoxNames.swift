import FlyingFox

// The core has HTTP types of its own (for its client); in this module the names mean FlyingFox's server types.
typealias HTTPRequest = FlyingFox.HTTPRequest
typealias HTTPResponse = FlyingFox.HTTPResponse
