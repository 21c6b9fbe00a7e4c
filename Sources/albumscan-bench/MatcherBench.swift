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
        var lines = ["label,same,decoy,score,verdict,gradient,gradientLowQuartile,colourLowQuartile"]
        for index in 0..<set.count {
            let pair = try cachedPair(set, index)
            let start = DispatchTime.now().uptimeNanoseconds
            let result = ImageMatcher.compare(photo: pair.photo, candidate: pair.candidate)
            seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            let e = result.evidence
            lines.append(
                "\(pair.label),\(pair.same),\(pair.decoy),\(result.score),\(result.verdict.rawValue),"
                    + "\(e.gradient),\(e.gradientLowQuartile),\(e.colourLowQuartile)")
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
        if let dump { try lines.joined(separator: "\n").write(toFile: dump, atomically: true, encoding: .utf8) }
        seconds.sort()
        let note = "\(counts.same) same / \(counts.different) different pairs, seed \(seed), \(source)"
        return [
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
        ]
    }
}

/// TEMP tuning aid: caches generated pairs as raw files under MATCHER_PAIR_CACHE.
func cachedPair(_ set: MatchEvalSet, _ index: Int) throws -> MatchEvalSet.Pair {
    guard let dir = ProcessInfo.processInfo.environment["MATCHER_PAIR_CACHE"] else { return try set.pair(index) }
    let url = URL(fileURLWithPath: dir).appendingPathComponent("\(set.seed)-\(index).bin")
    if let data = try? Data(contentsOf: url) {
        let bytes = [UInt8](data)
        func int(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 }
        let (pw, ph) = (int(0), int(3))
        let photo = DecodedRGB(pixels: Array(bytes[6..<(6 + pw * ph * 3)]), width: pw, height: ph)
        var at = 6 + pw * ph * 3
        let (cw, ch) = (int(at), int(at + 3))
        at += 6
        let cand = DecodedRGB(pixels: Array(bytes[at..<(at + cw * ch * 3)]), width: cw, height: ch)
        at += cw * ch * 3
        let label = String(decoding: bytes[(at + 2)...], as: UTF8.self)
        return MatchEvalSet.Pair(photo: photo, candidate: cand, same: bytes[at] == 1, decoy: bytes[at + 1] == 1, label: label)
    }
    let pair = try set.pair(index)
    var out: [UInt8] = []
    func put(_ v: Int) { out += [UInt8(v & 255), UInt8((v >> 8) & 255), UInt8((v >> 16) & 255)] }
    put(pair.photo.width); put(pair.photo.height); out += pair.photo.pixels
    put(pair.candidate.width); put(pair.candidate.height); out += pair.candidate.pixels
    out += [pair.same ? 1 : 0, pair.decoy ? 1 : 0] + Array(pair.label.utf8)
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try Data(out).write(to: url)
    return pair
}
