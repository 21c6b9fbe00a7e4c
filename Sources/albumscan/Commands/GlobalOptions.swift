import AlbumScanApp
import ArgumentParser

/// Output options every command takes.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Flag(name: .shortAndLong, help: "Print timestamped diagnostics to stderr.")
    var verbose = false

    @Option(help: "Colour: auto, always or never. NO_COLOR also turns it off.")
    var color: ColorChoice = .auto
}

extension ColorChoice: ExpressibleByArgument {}
