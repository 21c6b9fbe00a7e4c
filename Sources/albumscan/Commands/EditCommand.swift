import AlbumScanCore
import ArgumentParser

/// `albumscan edit ID... --location …`: sets or clears the shop's fields on scans, all or nothing.
struct EditCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Set the shop's fields (grades, location, SKU, comments, price) on scans: every one named, or none.",
        discussion: """
            Fields not given keep their values; an empty value clears one (--location ""). Grades are stored in \
            Discogs' exact words. An unknown id changes nothing (exit 66).
            """)

    @OptionGroup var scans: ScanIDArguments

    @OptionGroup(title: "Shop fields") var shop: ShopFieldOptions

    @OptionGroup var output: OutputOptions

    func run(_ context: CommandContext) async throws {
        let console = context.console
        try await ExitCodes.reporting(on: console) {
            let ranges = try scans.ranges()
            let values = try shop.values()
            guard !values.isEmpty else {
                throw AlbumScanError.usage(
                    "name a field to change: --media-condition, --sleeve-condition, --location, --sku, --comments or --price"
                )
            }
            // One SKU names one record: a plain SKU for several scans is refused, a pattern (A-{n}) numbers them.
            let named = Set(ranges).reduce(0) { min($0 + Int($1.upperBound - $1.lowerBound + 1), Int(Int32.max)) }
            try SKUPattern.check(values[.sku] ?? nil, photos: named, what: "scans")
            let environment = try context.setup(verbose: output.verbose).environment
            let store = try await environment.store()
            switch try await store.editScans(ranges, set: values) {
            case .unknown(let missing):
                console.printError(Self.unknownMessage(missing, asked: ranges))
                throw ExitCode(ExitCodes.code(for: .unknownScan(missing[0].lowerBound)))
            case .edited(let edited):
                if output.json {
                    let results = try await store.scans(in: ScanIDRanges.compact(edited)).map(ScanResult.init(stored:))
                    environment.console.out(try JSONOutput.encode(results, pretty: true))
                } else {
                    environment.console.out(Self.confirmation(edited, values: values))
                }
            }
        }
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
