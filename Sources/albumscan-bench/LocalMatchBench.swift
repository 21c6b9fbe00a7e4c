import AlbumScanMatching
import AlbumScanCore
import AlbumScanTestSupport
import Foundation

/// Group `local`: ID Call 0 against a library of 10,000 stored albums (issue 14's targets).
///
/// The store is filled with the descriptors of generated covers; scans run in-process against the fixture fakes,
/// which cannot name these covers, so a scan ends after Call 1 unless Call 0 matched it. Call 0's cost is the
/// difference between the same photo scanned with it on and off.
struct LocalMatchBench {
    static let libraryAlbums = 10_000
    static let photos = 300
    static let timedPhotos = 20

    func rows() async throws -> [BenchRow] {
        let folder = URL(fileURLWithPath: "../shared/corpora/photos")
        var imagery = MatchEvalSet.corpusImagery(folder: folder)
        if imagery.isEmpty { imagery = MatchEvalSet.syntheticImagery() }
        // Pairs of a held-out seed: "same" pairs' covers go into the library (their photos should match), the
        // "different" pairs' photos show covers that are not in it (any match is a false local match).
        let set = MatchEvalSet(imagery: imagery, seed: 77, sameCount: Self.photos, differentCount: Self.photos)
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let store = try await test.environment.store()
        var random = SeededRandom(seed: 5)
        var scans: [NewScan] = []
        var photos: [(file: URL, inLibrary: Bool)] = []
        for index in 0..<(2 * Self.photos) {
            let pair = try set.pair(index)
            let file = test.environment.home.appendingPathComponent("photo-\(index).jpg")
            try JPEGEncoder.encodeRGB(pair.photo.pixels, width: pair.photo.width, height: pair.photo.height, quality: 85)
                .write(to: file)
            photos.append((file, pair.same))
            if pair.same { scans.append(try Self.album(index, front: pair.candidate)) }
        }
        while scans.count < Self.libraryAlbums {
            let template = CoverDesign.Template.seeded(&random)
            let width = random.uniform(0.55...0.9)
            let design = CoverDesign(
                template: template, imagery: imagery[Int(random.next() % UInt64(imagery.count))].image,
                crop: (random.uniform(0...(1 - width)), random.uniform(0...0.35), width))
            scans.append(try Self.album(scans.count + 1_000_000, front: design.render(side: 128)))
        }
        let review = Review(
            summary: "A bench album.", bullets: ["One.", "Two.", "Three."], rating: 7, recommendation: "Worth a Listen",
            keyTracks: ["A", "B", "C"])
        let (saved, reviewed) = (scans, Array(scans.prefix(Self.photos)))
        try await store.run { database in
            _ = try database.saveScans(saved)
            for scan in reviewed {
                try database.saveReview(review, key: scan.reviewKey ?? "", model: "bench", promptHash: "", at: Date())
            }
        }
        // Where the visual-word index ranks each photo's own cover (the library's first `photos` albums are the
        // "same" pairs' covers, in order), and how many photos of covers not in it still get candidates.
        var library = WordIndex(words: VisualVocabulary.shipped.count)
        for scan in scans {
            guard let descriptor = scan.artworkDescriptor.flatMap(MatchDescriptor.init(data:)) else { continue }
            library.add(CoverWords(descriptor: descriptor).words)
        }
        var (rankedFirst, rankedAmong) = (0, 0)
        var retrievalSeconds: [Double] = []
        for (index, photo) in photos.enumerated() where photo.inLibrary {
            let decoded = try JPEGDecoder.decodeRGB(Data(contentsOf: photo.file), maxSide: 1024, limits: ImageLimits())
            let words = CoverWords.photo(decoded)
            let start = DispatchTime.now().uptimeNanoseconds
            let ranked = library.ranked(words, count: LocalMatch.candidates).map(\.slot)
            retrievalSeconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            if ranked.first == index { rankedFirst += 1 }
            if ranked.contains(index) { rankedAmong += 1 }
        }
        retrievalSeconds.sort()

        let pipeline = ScanPipeline(environment: test.environment)
        var off = test.environment
        off = off.with { $0.localMatch = false }
        let withoutLocal = ScanPipeline(environment: off)
        // Cold: the first scan of a process loads the library's signatures.
        let cold = await Self.seconds { _ = await pipeline.scan(photos[Self.photos].file) }
        var overheads: [Double] = []
        for photo in photos[(Self.photos + 1)...].prefix(Self.timedPhotos) {
            let on = await Self.seconds { _ = await pipeline.scan(photo.file) }
            let base = await Self.seconds { _ = await withoutLocal.scan(photo.file) }
            overheads.append(on - base)
        }
        overheads.sort()
        // Known (retrieval branch): with the visual-word index, 141 of 300 photos "not in the library" are verified
        // against an in-library cover cut from the same corpus picture (another crop and template); the probe
        // (`albumscan-bench --probe-generated 2000`) finds none against the filler covers. The layout prefilter never
        // surfaced those near-duplicates; the matcher cannot tell them apart (scores up to 0.95), so the fix belongs
        // to the matcher's edition evidence or to this library's construction.
        var (hits, falseHits) = (0, 0)
        for photo in photos {
            let result = await pipeline.scan(photo.file)
            guard result.identification?.method == .local else { continue }
            if photo.inLibrary { hits += 1 } else { falseHits += 1 }
        }
        let note = "\(Self.libraryAlbums) stored albums, \(Self.timedPhotos) photos not in the library"
        return [
            BenchRow(
                name: "14. Call 0 overhead, 10k albums (median)", value: overheads[overheads.count / 2], baseline: .nan,
                unit: "s", target: 0.050, absolute: true,
                note: "\(note); first scan of a process \(String(format: "%.1f ms", cold * 1000)) incl. loading"),
            BenchRow(
                name: "    false local matches", value: Double(falseHits) / Double(Self.photos), baseline: .nan, unit: "",
                target: 0.01, absolute: true, note: "\(falseHits)/\(Self.photos) photos of covers not in the library"),
            BenchRow(
                name: "    retrieval ranks the cover first", value: Double(rankedFirst) / Double(Self.photos),
                baseline: .nan, unit: "", target: .infinity,
                note: "among the \(LocalMatch.candidates) checked \(rankedAmong)/\(Self.photos); ranking "
                    + String(format: "%.1f ms", retrievalSeconds[retrievalSeconds.count / 2] * 1000) + " median"),
            BenchRow(
                name: "    local matches, cover in library", value: Double(hits) / Double(Self.photos), baseline: .nan,
                unit: "", target: .infinity, note: "\(hits)/\(Self.photos), informational (a miss pays for Call 1)"),
        ]
    }

    /// A stored album whose verified front image is `front`, with a cached review so Call 0 can answer for it.
    static func album(_ index: Int, front: DecodedRGB) throws -> NewScan {
        let descriptor = MatchDescriptor(image: front).data
        var album = Album(artist: "Bench Artist \(index)", title: "Bench Album \(index)", year: "2000", genres: [], label: nil)
        album.musicbrainzReleaseId = FakeIDs.uuid("bench:\(index)")
        return NewScan(
            scannedAt: Date(), fileName: "bench-\(index).jpg", inputSha256: "", tier: .base, calls: 1,
            searchGate: .notNeeded, album: album, artworkStatus: .fetched, artworkURL: nil, reviewStatus: .unavailable,
            reviewKey: "bench \(index)", promptHash: "", timings: [:],
            verification: Verification(status: .verified, score: 1, releaseId: album.musicbrainzReleaseId),
            artworkDescriptor: descriptor)
    }

    static func seconds(_ work: () async -> Void) async -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        await work()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
