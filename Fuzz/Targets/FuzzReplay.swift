import Foundation

/// Scratch folder for recordings written by this fuzzer process.
private let replayFolder: URL = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("albumscan-fuzz-replay-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}()

/// The request every fuzzed recording answers.
private let fixedRequest = HTTPRequest(
    method: "POST", url: URL(string: "http://127.0.0.1:9/v1/chat/completions?key=secret") ?? URL(fileURLWithPath: "/"),
    body: Data(#"{"model":"m","b":[1,2]}"#.utf8))

/// libFuzzer entry for the replay matcher: request keys from fuzzed URLs and bodies, and fuzzed recording files.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReplay(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    guard let start, count > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    let mode = bytes[0] % 4
    let rest = Data(bytes.dropFirst())
    switch mode {
    case 0, 1:
        // A fuzzed recording file under the fixed request's name: the n-th (1) or a "last" one (7).
        let key = Recording.request(for: fixedRequest)
        let stem = Recording.stem(for: key)
        let name = "\(stem).\(mode == 0 ? 1 : 7).json"
        let file = replayFolder.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: replayFolder)
        try? FileManager.default.createDirectory(at: replayFolder, withIntermediateDirectories: true)
        guard (try? rest.write(to: file)) != nil else { return 0 }
        replayOnce(fixedRequest)
    default:
        // Fuzzed request: the text up to the first newline is the URL, the rest the body.
        let text = String(decoding: rest, as: UTF8.self)
        let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        guard let url = URL(string: String(parts.first ?? "")) else { return 0 }
        let body = parts.count > 1 ? Data(parts[1].utf8) : nil
        let request = HTTPRequest(method: mode == 2 ? "GET" : "POST", url: url, body: body)
        let key = Recording.request(for: request)
        _ = Recording.stem(for: key)
        if mode == 3 { replayOnce(request) }
    }
    return 0
}

/// Runs one replayed send to completion from this synchronous entry point.
private func replayOnce(_ request: HTTPRequest) {
    let done = DispatchSemaphore(value: 0)
    Task {
        if let transport = try? ReplayTransport(directory: replayFolder) {
            _ = try? await transport.send(request)
        }
        done.signal()
    }
    done.wait()
}
