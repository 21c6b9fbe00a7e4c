import AlbumScanMatching
import AlbumScanCore
import AlbumScanTestSupport
import Foundation

/// Group `matcher`: the image matcher on the seeded evaluation set (issue 13's targets).
struct MatcherBench {
    /// The bench's seed. Thresholds were chosen on seed 1, so these pairs were never used for tuning.
    static let heldOutSeed: UInt64 = 2024
    /// The seed in use (`--matcher-seed N`; 1 is the tuning seed).
    var seed = heldOutSeed
    /// Per-pair evidence as CSV, for tuning (`--dump-matcher FILE`).
    var dump: String?

    func rows() throws -> [BenchRow] {
        let folder = URL(fileURLWithPath: "../shared/corpora/photos")
        var imagery = MatchEvalSet.corpusImagery(folder: folder)
        let source = imagery.isEmpty ? "synthetic imagery (../shared absent)" : "\(imagery.count) corpus photos"
        if imagery.isEmpty { imagery = MatchEvalSet.syntheticImagery() }
        let set = MatchEvalSet(imagery: imagery, seed: seed)
        var counts = (same: 0, verified: 0, mismatch: 0, different: 0, falseVerified: 0, decoyFalse: 0)
        var seconds: [Double] = []
        var lines = ["label,same,decoy,score,verdict,gradient,gradientLowQuartile,colourLowQuartile,castSpread,contrastRatio,inliers,inlierCells,chroma,closerMatches,closerCells"]
        for index in 0..<set.count {
            let pair = try set.pair(index)
            // The descriptor is made once per album and the photo's features once per scan, not per comparison.
            let descriptor = MatchDescriptor(image: pair.candidate)
            ImageMatcher.prepare(photo: pair.photo)
            let start = DispatchTime.now().uptimeNanoseconds
            let result = ImageMatcher.compare(photo: pair.photo, descriptor: descriptor)
            seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            lines.append(Self.line(pair, result))
            if pair.same {
                counts.same += 1
                if result.verdict == .verified { counts.verified += 1 }
                if result.verdict == .mismatch { counts.mismatch += 1 }
            } else {
                counts.different += 1
                if result.verdict == .verified {
                    counts.falseVerified += 1
                    if pair.decoy { counts.decoyFalse += 1 }
                }
            }
        }
        seconds.sort()
        let note = "\(counts.same) same / \(counts.different) different pairs, seed \(seed), \(source)"
        let rows = try [
            BenchRow(
                name: "13. matcher verified, same cover", value: Double(counts.verified) / Double(counts.same), baseline: .nan,
                unit: "", target: 0.95, atLeast: true, note: "\(counts.verified)/\(counts.same); \(note)"),
            BenchRow(
                name: "    false verified, different cover", value: Double(counts.falseVerified) / Double(counts.different),
                baseline: .nan, unit: "", target: 0.01, absolute: true,
                note: "\(counts.falseVerified)/\(counts.different), of which template decoys \(counts.decoyFalse)"),
            BenchRow(
                name: "    mismatch, same cover", value: Double(counts.mismatch) / Double(counts.same), baseline: .nan, unit: "",
                target: .infinity, note: "\(counts.mismatch)/\(counts.same), informational"),
            BenchRow(
                name: "    time per comparison (median)", value: seconds[seconds.count / 2], baseline: .nan, unit: "s",
                target: 0.030, absolute: true, note: "p95 \(String(format: "%.1f ms", seconds[seconds.count * 95 / 100] * 1000))"),
            BenchRow(
                name: "    time per comparison (p95)", value: seconds[seconds.count * 95 / 100], baseline: .nan, unit: "s",
                target: 0.080, absolute: true),
        ] + variantRows(set, lines: &lines)
        if let dump { try lines.joined(separator: "\n").write(toFile: dump, atomically: true, encoding: .utf8) }
        return rows
    }

    /// Pairs per variant (turned a quarter, half or three quarters; small; other edition).
    static let variantPairs = 60

    private func variantRows(_ set: MatchEvalSet, lines: inout [String]) throws -> [BenchRow] {
        try MatchEvalSet.Variant.allCases.map { variant in
            var hits = 0
            for index in 0..<Self.variantPairs {
                let pair = try set.pair(index, variant: variant)
                let result = ImageMatcher.compare(photo: pair.photo, candidate: pair.candidate)
                let verified = result.verdict == .verified
                lines.append(Self.line(pair, result))
                // Same-cover variants count verified pairs; editions count pairs correctly not verified.
                if verified == pair.same { hits += 1 }
            }
            let name: String
            switch variant {
            case .turned: name = "    verified, turned 90/180/270°"
            case .small: name = "    verified, cover 15-30 % of frame"
            case .edition: name = "    edition (recoloured) not verified"
            }
            return BenchRow(
                name: name, value: Double(hits) / Double(Self.variantPairs), baseline: .nan, unit: "", target: 0.95,
                atLeast: true, note: "\(hits)/\(Self.variantPairs), seed \(seed)")
        }
    }

    /// One pair's evidence as a CSV line.
    static func line(_ pair: MatchEvalSet.Pair, _ result: MatchResult) -> String {
        let e = result.evidence
        return "\(pair.label),\(pair.same),\(pair.decoy),\(result.score),\(result.verdict.rawValue),"
            + "\(e.gradient),\(e.gradientLowQuartile),\(e.colourLowQuartile),\(e.castSpread),\(e.contrastRatio),"
            + "\(e.inliers),\(e.inlierCells),\(e.chroma),\(e.closerMatches),\(e.closerCells)"
    }
}
