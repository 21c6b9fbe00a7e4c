import AlbumScanApp
import AlbumScanCore
import ArgumentParser

/// `albumscan edit ID... --location …`: sets or clears the shop's fields on scans, and corrects their album, all or
/// nothing.
struct EditCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Set the shop's fields (grades, location, SKU, comments, price) on scans, or correct their album.",
        discussion: """
            Fields not given keep their values; an empty value clears one (--location ""). Grades are stored in \
            Discogs' exact words. --release, --discogs-release, --artist and --title correct a wrong or incomplete \
            identification without an identification call: the album is replaced by the release's (facts, genres, \
            artwork, Discogs links, review), keeping only what was read off the photo or typed by hand, and the photo \
            is checked against the new artwork when its file is still there. The review is the cached one, or a new \
            one (one model call, said on stderr); names MusicBrainz does not know get no release and no review, and \
            cost nothing. --discogs-release alone changes only the Discogs ids. --back BACK pins one scan to the release \
            the barcode on the record's back names (catalogue number, barcode and Discogs id follow it; the barcode's \
            source is back); a back of another album changes nothing (exit 65). Every scan named is changed, or none: \
            an unknown id (exit 66) or a release MusicBrainz does not have changes nothing.
            """)

    @OptionGroup var scans: ScanIDArguments

    @OptionGroup(title: "Shop fields") var shop: ShopFieldOptions

    @OptionGroup(title: "Corrections") var corrections: CorrectionOptions

    @Option(
        help: ArgumentHelp(
            "A photo of the record's back: its barcode pins the scan to that exact release (a correction, no identification call; one id). A back of another album changes nothing: exit 65, naming it.",
            valueName: "back"))
    var back: String?

    @Option(
        name: .customLong("if-version"),
        help: ArgumentHelp(
            "Change the scan only if it is still at this version (`show --json` prints it); one id only, else exit 65.",
            valueName: "n"))
    var ifVersion: Int?

    @OptionGroup var output: OutputOptions

    func run(_ context: CommandContext) async throws {
        let console = context.console
        try await ExitCodes.reporting(on: console) {
            let ranges = try scans.ranges()
            if let ifVersion {
                guard ranges.count == 1, ranges[0].lowerBound == ranges[0].upperBound else {
                    throw AlbumScanError.usage("--if-version names one scan's version; give one id")
                }
                guard ifVersion > 0 else { throw AlbumScanError.usage("--if-version takes a version from 1") }
            }
            let values = try shop.values()
            let correction = try corrections.correction()
            if back != nil {
                guard correction.isEmpty else {
                    throw AlbumScanError.usage(
                        "--back names the release itself: give it without --release, --discogs-release, --artist and --title")
                }
                guard ranges.count == 1, ranges[0].lowerBound == ranges[0].upperBound else {
                    throw AlbumScanError.usage("--back is one record's back: give one scan id")
                }
            }
            guard !values.isEmpty || !correction.isEmpty || back != nil else {
                throw AlbumScanError.usage(
                    "name a field to change: --media-condition, --sleeve-condition, --location, --sku, --comments, --price, "
                        + "or a correction: --release, --discogs-release, --artist, --title, --back")
            }
            // One SKU names one record: a plain SKU for several scans is refused, a pattern (A-{n}) numbers them.
            let named = Set(ranges).reduce(0) { min($0 + Int($1.upperBound - $1.lowerBound + 1), Int(Int32.max)) }
            try SKUPattern.check(values[.sku] ?? nil, photos: named, what: "scans")
            let environment = try context.setup(verbose: output.verbose).environment
            let store = try await environment.store()
            if !correction.isEmpty || back != nil {
                let named: [StoredScan]
                switch try await store.run({ try $0.namedScans(ranges) }) {
                case .unknown(let missing):
                    console.printError(Self.unknownMessage(missing, asked: ranges))
                    throw ExitCode(ExitCodes.code(for: .unknownScan(missing[0].lowerBound)))
                case .found(let scans): named = scans
                }
                let corrected = try await Self.refusingStale(console) {
                    if let back {
                        let sleeve = try await SleeveBack.read(
                            InputPath(bytes: context.bytes(of: back)), environment: environment)
                        let pinner = SleevePinner(environment: environment, store: store)
                        return [try await pinner.pin(named[0], back: sleeve, ifVersion: ifVersion)]
                    }
                    return try await ScanCorrector(environment: environment, store: store)
                        .correct(named, with: correction, ifVersion: ifVersion)
                }
                if values.isEmpty {
                    try report(corrected, newAlbum: !correction.isDiscogsOnly || back != nil, console: console, json: output.json)
                    return
                }
                if !output.json {
                    corrected.forEach {
                        environment.console.out(Self.correctionLine($0, newAlbum: !correction.isDiscogsOnly || back != nil))
                    }
                }
            }
            // After a correction (which checked the version) the fields go with it.
            let versionToCheck = correction.isEmpty && back == nil ? ifVersion : nil
            let stamp = environment.changeStamp
            let edit = try await Self.refusingStale(console) {
                try await store.run { try $0.editScans(ranges, set: values, stamp: stamp, ifVersion: versionToCheck) }
            }
            switch edit {
            case .unknown(let missing):
                console.printError(Self.unknownMessage(missing, asked: ranges))
                throw ExitCode(ExitCodes.code(for: .unknownScan(missing[0].lowerBound)))
            case .edited(let edited):
                if output.json {
                    let results = try await store.scans(in: ScanIDRanges.compact(edited)).map(ScanResult.init(stored:))
                    environment.console.out(try JSONOutput.encode(results, pretty: true))
                } else {
                    environment.console.out(Self.confirmation(edited, values: values))
                    if let pattern = values[.sku] ?? nil, SKUPattern.isPattern(pattern) {
                        let scans = try await store.scans(in: ScanIDRanges.compact(edited))
                        environment.console.out(Self.numbersGiven(scans.map { ($0.id, $0.shop.sku) }))
                    }
                }
            }
        }
    }

    /// `body`, with a stale `--if-version` as its one-line message and exit 65 (nothing was changed).
    static func refusingStale<T>(_ console: CommandConsole, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let stale as StaleVersion {
            console.printError(stale.message)
            throw ExitCode(65)
        }
    }

    /// Prints corrected scans: as `show --json` objects, or one line each with what went wrong on stderr.
    func report(_ corrected: [ScanResult], newAlbum: Bool, console: CommandConsole, json: Bool) throws {
        if json {
            console.printOut(try JSONOutput.encode(corrected, pretty: true))
            return
        }
        for result in corrected {
            console.printOut(Self.correctionLine(result, newAlbum: newAlbum))
            for diagnostic in result.diagnostics { console.printError("scan \(result.scanId ?? 0): \(diagnostic.message)") }
        }
    }

    /// `Corrected scan 12: Granite by Quarry Lights (release 4e9d…), artwork verified, Discogs release 6600001 (manual),
    /// new review (1 model call).` A new album says what its review cost.
    static func correctionLine(_ result: ScanResult, newAlbum: Bool) -> String {
        guard let album = result.album else { return "Corrected scan \(result.scanId ?? 0)." }
        let release = album.musicbrainzReleaseId.map { " (release \($0))" } ?? " (no MusicBrainz release)"
        let artwork = result.artwork?.status == .unavailable ? "no artwork" : "artwork \(result.verification.status.rawValue)"
        let discogs =
            album.discogs.releaseIds.first.map { ", Discogs release \($0) (\(album.discogs.source?.rawValue ?? ""))" } ?? ""
        let review: String =
            switch (newAlbum, result.review?.status) {
            case (false, _): ""
            case (true, .generated): ", new review (1 model call)"
            case (true, .cached): ", cached review (no model call)"
            case (true, _): ", no review (no model call)"
            }
        return
            "Corrected scan \(result.scanId ?? 0): \(SafeText.clean(album.title)) by \(SafeText.clean(album.artist))\(release), \(artwork)\(discogs)\(review)."
    }

    /// Every unknown id is named, and the message says nothing was changed.
    static func unknownMessage(_ missing: [ClosedRange<Int64>], asked: [ClosedRange<Int64>]) -> String {
        let single = missing.count == 1 && missing[0].lowerBound == missing[0].upperBound
        return
            "no scan with \(single ? "id" : "ids") \(ScanIDRanges.describe(missing)); nothing was changed. Run `albumscan history` to list scans"
    }

    /// `Edited scan 12: location "Bin 4", price cleared.` or `Edited 3 scans (12-14): …`.
    static func confirmation(_ edited: [Int64], values: [ShopField: String?]) -> String {
        let changes = values.keys.sorted().map { field in
            values[field].flatMap { $0 }.map { value in
                let numbered = field == .sku && SKUPattern.isPattern(value) ? " numbered" : ""
                return "\(label(field))\(numbered) \"\(SafeText.clean(value))\""
            } ?? "\(label(field)) cleared"
        }
        let scans =
            edited.count == 1
            ? "scan \(edited[0])" : "\(edited.count) scans (\(ScanIDRanges.describe(ScanIDRanges.compact(edited))))"
        return "Edited \(scans): " + changes.joined(separator: ", ") + "."
    }

    /// The SKUs a pattern gave, in id order: `SKUs given: scan 1: B-1, scan 2: B-2.`
    static func numbersGiven(_ scans: [(id: Int64, sku: String?)]) -> String {
        let given = scans.sorted { $0.id < $1.id }.map { "scan \($0.id): \(SafeText.clean($0.sku ?? "none"))" }
        return "SKUs given: " + given.joined(separator: ", ") + "."
    }

    /// The field as the confirmation names it.
    static func label(_ field: ShopField) -> String {
        switch field {
        case .mediaCondition: "media condition"
        case .sleeveCondition: "sleeve condition"
        case .location: "location"
        case .sku: "SKU"
        case .comments: "comments"
        case .price: "price"
        }
    }
}
