import AlbumScanMatching
import AlbumScanCore
import Foundation

/// Group `real`: the matcher on real camera photos of printed covers (../shared/realphotos), held-out folders only.
struct RealPhotoBench {
    /// Which folders to run: "held-out" (even, the default), "tuning" (odd) or "all".
    var part = "held-out"
    /// Per-pair evidence as CSV, for tuning (`--dump-real FILE`).
    var dump: String?

    func rows() throws -> [BenchRow] {
        guard let set = RealPhotoSet.load() else {
            return [
                BenchRow(
                    name: "23. real photos", value: .nan, baseline: .nan, unit: "", target: .infinity,
                    note: "skipped: ../shared/realphotos is absent")
            ]
        }
        let descriptors = try set.cases.map { try RealPhotoSet.descriptor($0.art) }
        var same: [String: (total: Int, verified: Int)] = [:]
        var different = (total: 0, verified: 0)
        var seconds: [Double] = []  // every comparison, the photo's features already computed
        var featureSeconds: [Double] = []
        // Call 0 over a library of every case's cover: the visual-word index ranks, the matcher checks the first few.
        var library = WordIndex(words: VisualVocabulary.shippedCount)
        let covers = descriptors.map(CoverWords.init(descriptor:))
        for cover in covers { library.add(cover.words) }
        let layouts = descriptors.map(CoverLayout.init(descriptor:))
        var call0 = (photos: 0, rankedFirst: 0, ranked: 0, answered: 0, wrong: 0)
        var retrievalSeconds: [Double] = []
        var lines = ["case,camera,other,same,score,verdict,inliers,cells,gradient,lowQuartile,colour,cast,contrast,chroma,closerMatches,closerCells"]
        for (index, item) in set.cases.enumerated() where include(item.number) {
            for photo in item.photos {
                let decoded = try RealPhotoSet.decodePhoto(photo.url)
                // The photo's features, computed once per scan and shared by Call 0 and verification.
                let featureStart = DispatchTime.now().uptimeNanoseconds
                ImageMatcher.prepare(photo: decoded)
                let start = DispatchTime.now().uptimeNanoseconds
                featureSeconds.append(Double(start - featureStart) / 1e9)
                var ranked = SpatialRerank.ranked(
                    CoverWords.photo(decoded), index: library, covers: covers, count: LocalMatch.candidates
                ).map(\.slot)
                retrievalSeconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
                // As Call 0 does: the nearest layouts the words did not rank are checked too, and the nearest
                // layout of all fully when it stands out, the others by local features alone.
                let placements = CoverLayout.placements(photo: decoded)
                let distances = layouts.map { CoverLayout.distance(photo: placements, cover: $0) }
                let nearest = distances.indices.filter { distances[$0] <= LocalMatch.layoutLimit }
                    .sorted { distances[$0] < distances[$1] }
                let nearestLayout = LocalMatch.thoroughSlot(
                    nearest: nearest, distances: distances, ratio: LocalMatch.layoutRatio)
                ranked += nearest.filter { !ranked.contains($0) }.prefix(LocalMatch.layoutCandidates)
                call0.photos += 1
                if ranked.first == index { call0.rankedFirst += 1 }
                if ranked.contains(index) { call0.ranked += 1 }
                let hit = ranked.first { candidate in
                    ImageMatcher.compare(
                        photo: decoded, descriptor: descriptors[candidate], denseSearch: candidate == nearestLayout
                    ).verdict == .verified
                }
                if let hit { if hit == index { call0.answered += 1 } else { call0.wrong += 1 } }
                for other in [index] + set.others(of: index) {
                    let start = DispatchTime.now().uptimeNanoseconds
                    let result = ImageMatcher.compare(photo: decoded, descriptor: descriptors[other])
                    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                    seconds.append(elapsed)
                    let verified = result.verdict == .verified
                    if other == index {
                        same[photo.camera, default: (0, 0)].total += 1
                        if verified { same[photo.camera, default: (0, 0)].verified += 1 }
                    } else {
                        different.total += 1
                        if verified { different.verified += 1 }
                    }
                    let e = result.evidence
                    lines.append(
                        "\(item.number),\(photo.camera),\(set.cases[other].number),\(other == index),\(result.score),"
                            + "\(result.verdict.rawValue),\(e.inliers),\(e.inlierCells),\(e.gradient),"
                            + "\(e.gradientLowQuartile),\(e.colourLowQuartile),\(e.castSpread),\(e.contrastRatio),\(e.chroma),"
                            + "\(e.closerMatches),\(e.closerCells)")
                }
            }
        }
        if let dump { try lines.joined(separator: "\n").write(toFile: dump, atomically: true, encoding: .utf8) }
        let total = same.values.reduce((0, 0)) { ($0.0 + $1.total, $0.1 + $1.verified) }
        let folders = part == "all" ? "all folders" : part == "tuning" ? "odd (tuning) folders" : "even (held-out) folders"
        var rows = [
            BenchRow(
                name: "23. real photos verified, same", value: ratio(total.1, total.0), baseline: .nan, unit: "",
                target: 0.95, atLeast: true, note: "\(total.1)/\(total.0); \(folders); tuned on odd folders")
        ]
        for camera in same.keys.sorted() {
            let counts = same[camera]!
            rows.append(
                BenchRow(
                    name: "    same, \(camera)", value: ratio(counts.verified, counts.total), baseline: .nan, unit: "",
                    target: .infinity, note: "\(counts.verified)/\(counts.total)"))
        }
        seconds.sort()
        featureSeconds.sort()
        rows += [
            BenchRow(
                name: "    verified, different cover", value: ratio(different.verified, different.total), baseline: .nan,
                unit: "", target: 0.002, absolute: true,
                note: "\(different.verified)/\(different.total); each photo against 12 other covers, neighbours included"),
            BenchRow(
                name: "    time per comparison (median)", value: percentile(seconds, 50), baseline: .nan, unit: "s",
                target: 0.030, absolute: true, note: "p95 \(String(format: "%.1f ms", percentile(seconds, 95) * 1000))"),
            BenchRow(
                name: "    time per comparison (p95)", value: percentile(seconds, 95), baseline: .nan, unit: "s",
                target: 0.080, absolute: true),
            BenchRow(
                name: "    photo features, once per scan", value: percentile(featureSeconds, 50), baseline: .nan,
                unit: "s", target: 0.040, absolute: true,
                note: "median; SIFT and working planes of the upload's pixels, as a scan makes them; p95 \(String(format: "%.1f ms", percentile(featureSeconds, 95) * 1000))"),
            BenchRow(
                name: "    Call 0 answers locally", value: ratio(call0.answered, call0.photos), baseline: .nan, unit: "",
                target: 0.90, atLeast: true,
                note: "\(call0.answered)/\(call0.photos), library of all \(set.cases.count) covers; visual words, "
                    + "\(LocalMatch.candidates) + \(LocalMatch.layoutCandidates) by layout checked; cover ranked first \(call0.rankedFirst), among them "
                    + "\(call0.ranked); retrieval \(String(format: "%.1f ms", percentile(retrievalSeconds.sorted(), 50) * 1000)) median"),
            BenchRow(
                name: "    Call 0 answers wrongly", value: ratio(call0.wrong, call0.photos), baseline: .nan, unit: "",
                target: 0, absolute: true, note: "\(call0.wrong)/\(call0.photos)"),
        ]
        return rows
    }

    private func include(_ number: Int) -> Bool {
        switch part {
        case "all": true
        case "tuning": !RealPhotoSet.isHeldOut(number)
        default: RealPhotoSet.isHeldOut(number)
        }
    }

    private func ratio(_ a: Int, _ b: Int) -> Double { b > 0 ? Double(a) / Double(b) : .nan }

    private func percentile(_ sorted: [Double], _ p: Int) -> Double {
        sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, sorted.count * p / 100)]
    }
}
