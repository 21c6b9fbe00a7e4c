import AlbumScanCore
import AlbumScanTestSupport
import Foundation

/// Group `quality`: the photo-quality check on its generated calibration set.
struct QualityBench {
    /// The bench's seed; thresholds were chosen on seed 1.
    static let heldOutSeed: UInt64 = 2024
    var seed = heldOutSeed
    /// Per-photo measures as CSV (`--dump-quality FILE`).
    var dump: String?
    /// Photos per kind.
    var counts: [QualityEvalSet.Kind: Int] = [
        .sharp: 300, .whiteSleeve: 100, .colourField: 100, .darkCover: 100, .blurred: 150, .underexposed: 150,
        .overexposed: 50, .heavyBlur: 100, .dimGlare: 100, .blankFrame: 50,
    ]

    func rows() throws -> [BenchRow] {
        var imagery = MatchEvalSet.corpusImagery(folder: URL(fileURLWithPath: "../shared/corpora/photos"))
        let source = imagery.isEmpty ? "synthetic imagery" : "\(imagery.count) corpus photos"
        if imagery.isEmpty { imagery = MatchEvalSet.syntheticImagery() }
        let set = QualityEvalSet(imagery: imagery, seed: seed)
        var refused: [QualityEvalSet.Kind: Int] = [:]
        var seconds: [Double] = []
        var prepSeconds: [Double] = []
        var lines = [
            "kind,index,verdict,sharpness,edgePixels,brightLevel,darkLevel,clipped,mean,edgeShare,edgeContrast,"
                + "colourSpread"
        ]
        func judge(_ jpeg: Data, kind: String, index: Int) throws -> QualityProblem? {
            let start = DispatchTime.now().uptimeNanoseconds
            let prepared = try ImagePrep.prepareUpload(jpeg, limits: ImageLimits())
            let checkStart = DispatchTime.now().uptimeNanoseconds
            let m = try PhotoQuality.measure(prepared, limits: ImageLimits())
            let problem = QualityJudge.problem(m)
            let end = DispatchTime.now().uptimeNanoseconds
            prepSeconds.append(Double(checkStart - start) / 1e9)
            seconds.append(Double(end - checkStart) / 1e9)
            lines.append(
                "\(kind),\(index),\(problem?.rawValue ?? "ok"),\(m.sharpness.map { String($0) } ?? ""),"
                    + "\(m.edgePixels),\(m.brightLevel),\(m.darkLevel),\(m.clippedHighlights),\(m.meanLevel),\(m.edgeShare),\(m.edgeContrast),"
                    + "\(m.colourSpread)")
            return problem
        }
        for kind in QualityEvalSet.Kind.allCases {
            for index in 0..<(counts[kind] ?? 0) {
                let photo = try set.photo(kind, index)
                let jpeg = try JPEGEncoder.encodeRGB(photo.pixels, width: photo.width, height: photo.height, quality: 92)
                if try judge(jpeg, kind: kind.rawValue, index: index) != nil { refused[kind, default: 0] += 1 }
            }
        }
        // Real camera photos: as taken they must pass; blurred or darkened they must not.
        let realPhotos = RealQualitySet.photos()
        var realRefused: [RealQualitySet.Variant: Int] = [:]
        for (index, url) in realPhotos.enumerated() {
            let original = try Data(contentsOf: url)
            for variant in RealQualitySet.Variant.allCases {
                let jpeg = try RealQualitySet.variant(variant, of: original, index: index)
                if try judge(jpeg, kind: "real \(variant.rawValue)", index: index) != nil { realRefused[variant, default: 0] += 1 }
            }
        }
        if let dump { try lines.joined(separator: "\n").write(toFile: dump, atomically: true, encoding: .utf8) }
        let passKinds = QualityEvalSet.Kind.allCases.filter(\.shouldPass)
        let passTotal = passKinds.reduce(0) { $0 + (counts[$1] ?? 0) }
        let passed = passKinds.reduce(0) { $0 + (counts[$1] ?? 0) - refused[$1, default: 0] }
        let breakdown = passKinds.map { "\($0.rawValue) \((counts[$0] ?? 0) - refused[$0, default: 0])/\(counts[$0] ?? 0)" }
        func rate(_ kind: QualityEvalSet.Kind) -> Double { Double(refused[kind, default: 0]) / Double(max(counts[kind] ?? 0, 1)) }
        func note(_ kind: QualityEvalSet.Kind) -> String { "\(refused[kind, default: 0])/\(counts[kind] ?? 0) refused" }
        seconds.sort()
        func refusedRow(_ name: String, _ kind: QualityEvalSet.Kind, target: Double) -> BenchRow {
            BenchRow(name: name, value: rate(kind), baseline: .nan, unit: "", target: target, atLeast: true, note: note(kind))
        }
        func realRow(_ name: String, _ variant: RealQualitySet.Variant, passing: Bool) -> BenchRow {
            let refusedCount = realRefused[variant, default: 0]
            let value = Double(passing ? realPhotos.count - refusedCount : refusedCount) / Double(max(realPhotos.count, 1))
            return realPhotos.isEmpty
                ? BenchRow(
                    name: name, value: .nan, baseline: .nan, unit: "", target: .infinity,
                    note: "skipped: ../shared/realphotos is absent")
                : BenchRow(
                    name: name, value: value, baseline: .nan, unit: "", target: passing ? 0.99 : 0.90, atLeast: true,
                    note: "\(refusedCount)/\(realPhotos.count) refused")
        }
        return [
            BenchRow(
                name: "14. quality: sharp covers pass", value: Double(passed) / Double(max(passTotal, 1)), baseline: .nan,
                unit: "", target: 0.99, atLeast: true,
                note: "\(passed)/\(passTotal): \(breakdown.joined(separator: ", ")); seed \(seed), \(source)"),
            refusedRow("    blurred σ 4-6 px refused", .blurred, target: 0.90),
            refusedRow("    3 stops under refused", .underexposed, target: 0.90),
            refusedRow("    blurred σ 10-14 px refused", .heavyBlur, target: 0.90),
            refusedRow("    3 stops under, glare spot, refused", .dimGlare, target: 0.90),
            refusedRow("    blank frames refused", .blankFrame, target: 0.95),
            realRow("    real photos as taken pass", .asTaken, passing: true),
            realRow("    real photos blurred σ 12 px refused", .heavyBlur, passing: false),
            realRow("    real photos 3 stops under with glare refused", .dimGlare, passing: false),
            BenchRow(
                name: "    3 stops over refused", value: rate(.overexposed), baseline: .nan, unit: "", target: .infinity,
                note: "\(note(.overexposed)), informational"),
            BenchRow(
                name: "    check per photo (median)", value: seconds[seconds.count / 2],
                baseline: prepSeconds.sorted()[prepSeconds.count / 2], unit: "s", target: .infinity,
                note:
                    "baseline: that photo's image prep; p95 \(String(format: "%.1f ms", seconds[seconds.count * 95 / 100] * 1000))"
            ),
        ]
    }
}
