import Foundation

/// The names this server answers to (its bound addresses, the loopback names, the machine's name), for the `Host`
/// check against DNS rebinding and the `Origin` check against other sites' pages.
struct HostAllowList: Sendable {
    /// Lowercased host names and addresses, without brackets or ports.
    let names: Set<String>
    let port: UInt16

    init(addresses: [String], machineName: String?, port: UInt16) {
        var names: Set<String> = ["localhost", "127.0.0.1", "::1"]
        names.formUnion(addresses.map { $0.lowercased() })
        if let machineName, !machineName.isEmpty {
            let name = machineName.lowercased()
            names.insert(name)
            names.insert(name.hasSuffix(".local") ? name : name + ".local")
        }
        self.names = names
        self.port = port
    }

    /// Whether a `Host` header names this server (any port: a proxy in front may change it; the name is the point).
    func allowsHost(_ header: String?) -> Bool {
        guard let header, let host = Self.hostPart(of: header) else { return false }
        return names.contains(host)
    }

    /// Whether an `Origin` header is this server: http, one of its names, its port.
    func allowsOrigin(_ header: String) -> Bool {
        guard let url = URL(string: header), url.scheme?.lowercased() == "http", let host = url.host?.lowercased()
        else { return false }
        let bare = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        return names.contains(bare) && (url.port ?? 80) == Int(port)
    }

    /// The host of `name[:port]` or `[v6][:port]`, lowercased; nil when malformed.
    static func hostPart(of header: String) -> String? {
        let text = header.trimmingCharacters(in: .whitespaces).lowercased()
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            return String(text[text.index(after: text.startIndex)..<close])
        }
        let host = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
        return host?.isEmpty == false ? host : nil
    }
}
