import AlbumScanTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// Starts the OpenAI, MusicBrainz and Cover Art Archive fakes with the fixture world, prints the
// environment lines that point albumscan at them, and runs until stdin closes or SIGTERM/SIGINT.
// `albumscan-fakes record --binary B --covers DIR --recordings DIR` regenerates the bundled fixtures;
// `albumscan-fakes record-eval --binary B --eval DIR` the labelled eval set and its recordings.

let usage = """
    usage: albumscan-fakes [--latency-ms N] [--openai-latency-ms N] [--musicbrainz-latency-ms N]
                           [--coverart-latency-ms N] [--review-latency-ms N] [--mb-one-per-second] [--ignore-stdin]
           albumscan-fakes record --binary PATH --covers DIR --recordings DIR
           albumscan-fakes record-eval --binary PATH --eval DIR
    """

if CommandLine.arguments.dropFirst().first == "record-eval" {
    var options: [String: String] = [:]
    var rest = CommandLine.arguments.dropFirst(2)
    while let name = rest.popFirst(), let value = rest.popFirst() { options[name] = value }
    guard let binary = options["--binary"], let folder = options["--eval"] else {
        FileHandle.standardError.write(Data("\(usage)\n".utf8))
        exit(64)
    }
    do {
        try EvalFixtureRecorder(binary: binary, folder: URL(fileURLWithPath: folder)).run()
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("albumscan-fakes record-eval: \(error)\n".utf8))
        exit(1)
    }
}

if CommandLine.arguments.dropFirst().first == "record" {
    var options: [String: String] = [:]
    var rest = CommandLine.arguments.dropFirst(2)
    while let name = rest.popFirst(), let value = rest.popFirst() { options[name] = value }
    guard let binary = options["--binary"], let covers = options["--covers"], let recordings = options["--recordings"] else {
        FileHandle.standardError.write(Data("\(usage)\n".utf8))
        exit(64)
    }
    do {
        try FixtureRecorder(
            binary: binary, covers: URL(fileURLWithPath: covers), recordings: URL(fileURLWithPath: recordings)
        ).run()
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("albumscan-fakes record: \(error)\n".utf8))
        exit(1)
    }
}

var latencies: [String: Int] = [:]
var watchStdin = true
var musicBrainzOnePerSecond = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--latency-ms", "--openai-latency-ms", "--musicbrainz-latency-ms", "--coverart-latency-ms", "--review-latency-ms":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), value >= 0 else {
            FileHandle.standardError.write(Data("\(argument) needs a number of milliseconds\n\(usage)\n".utf8))
            exit(64)
        }
        latencies[argument] = value
    case "--mb-one-per-second":
        musicBrainzOnePerSecond = true
    case "--ignore-stdin":
        watchStdin = false
    case "--help", "-h":
        print(usage)
        exit(0)
    default:
        FileHandle.standardError.write(Data("unknown option \(argument)\n\(usage)\n".utf8))
        exit(64)
    }
}

let chosenLatencies = latencies
func latency(_ option: String) -> Duration {
    .milliseconds(chosenLatencies[option] ?? chosenLatencies["--latency-ms"] ?? 0)
}

let services: FakeServices
do {
    // `--review-latency-ms`: the model takes that long over a review (no image, not a search), on top of any other
    // latency, so a test can act while a review is being written.
    let review = Duration.milliseconds(chosenLatencies["--review-latency-ms"] ?? 0)
    services = try FixtureWorld.start(
        musicBrainzOneRequestPerSecond: musicBrainzOnePerSecond,
        modelDelay: { call in
            !call.hasImage && !call.userText.contains("Text read from the cover:") ? review : .zero
        })
} catch {
    FileHandle.standardError.write(Data("albumscan-fakes: \(error)\n".utf8))
    exit(1)
}
services.setLatency(
    openAI: latency("--openai-latency-ms"), musicBrainz: latency("--musicbrainz-latency-ms"),
    coverArt: latency("--coverart-latency-ms"))

for (name, value) in services.environment.sorted(by: { $0.key < $1.key }) {
    print("\(name)=\(value)")
}
fflush(nil)  // every C stream: the plain `stdout` global is not concurrency-safe in Swift 6

let finished = DispatchSemaphore(value: 0)
var signalSources: [DispatchSourceSignal] = []
for number in [SIGTERM, SIGINT] {
    signal(number, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
    source.setEventHandler { finished.signal() }
    source.resume()
    signalSources.append(source)
}
if watchStdin {
    Thread {
        while readLine() != nil {}
        finished.signal()
    }.start()
}
finished.wait()
services.stop()
