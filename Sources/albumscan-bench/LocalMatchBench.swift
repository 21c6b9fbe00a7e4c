import AlbumScanMatching
import AlbumScanCore
import CMalloc
import AlbumScanTestSupport
import Foundation

/// Group `local`: ID Call 0 against a library of 10,000 stored albums (issues 14 and 23's targets).
///
/// The store is filled with the descriptors of generated covers and, when `../shared/realphotos` is there, of the
/// real development set's held-out covers; scans run in-process against the fixture fakes, which cannot name these
/// covers, so a scan ends after Call 1 unless Call 0 matched it. Call 0's cost is the difference between the same
/// photo scanned with it on and off.
struct LocalMatchBench {
    static let libraryAlbums = 10_000
    static let photos = 300
    /// Photos of covers not in the library, generated and real together.
    static let outsidePhotos = 1_000
    static let timedPhotos = 20
    /// Each real photo of a cover in the library as CSV (`--dump-local FILE`): where the visual words rank its cover
    /// among the first `dumpedRanks` (-1: not among them), and what the scan answered.
    var dump: String?
    static let dumpedRanks = 50

    /// A photo scanned against the library: the album Call 0 should answer with, or nil when its cover is not in it.
    struct Photo {
        var file: URL
        var album: Int?
        var real: Bool
    }

    func rows() async throws -> [BenchRow] {
        let folder = URL(fileURLWithPath: "../shared/corpora/photos")
        var imagery = MatchEvalSet.corpusImagery(folder: folder)
        if imagery.isEmpty { imagery = MatchEvalSet.syntheticImagery() }
        // The library's covers are made from half the pictures, each from a mosaic of its own (their photos should
        // match); photos of covers made from the other half are not in it (any match is a false local match). Two
        // covers cut from one picture with another template are one artwork to the matcher, the edition row's
        // case, and a real library has an artwork per album: 10,000 plain crops of 20 pictures would hold hundreds
        // of near-copies of every cover.
        let groups = Array(Set(imagery.map(\.group))).sorted()
        let inside = imagery.filter { groups.firstIndex(of: $0.group)! % 2 == 0 }.map(\.image)
        let outside = imagery.filter { groups.firstIndex(of: $0.group)! % 2 == 1 }
        // The real set's held-out (even) covers are in the library, its tuning (odd) covers are not.
        let real = RealPhotoSet.load()?.cases ?? []
        let realOutside = real.filter { !RealPhotoSet.isHeldOut($0.number) }.flatMap(\.photos).map(\.url)
        let generatedOutside = Self.outsidePhotos - realOutside.count
        let notInLibrary = MatchEvalSet(imagery: outside, seed: 78, sameCount: generatedOutside, differentCount: 0)
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let store = try await test.environment.store()
        var random = SeededRandom(seed: 5)
        var scans: [NewScan] = []
        var photos: [Photo] = []
        for index in 0..<(Self.photos + generatedOutside) {
            let inLibrary = index < Self.photos
            let photo: DecodedRGB
            if inLibrary {
                let pair = try Self.storedPair(index, pictures: inside)
                scans.append(Self.album(index, MatchDescriptor(image: pair.front)))
                photo = pair.photo
            } else {
                photo = try notInLibrary.pair(index - Self.photos).photo
            }
            let file = test.environment.home.appendingPathComponent("photo-\(index).jpg")
            try JPEGEncoder.encodeRGB(photo.pixels, width: photo.width, height: photo.height, quality: 85).write(to: file)
            photos.append(Photo(file: file, album: inLibrary ? index : nil, real: false))
        }
        for item in real where RealPhotoSet.isHeldOut(item.number) {
            let album = 2_000_000 + item.number
            scans.append(Self.album(album, try RealPhotoSet.descriptor(item.art)))
            photos += item.photos.map { Photo(file: $0.url, album: album, real: true) }
        }
        photos += realOutside.map { Photo(file: $0, album: nil, real: true) }
        while scans.count < Self.libraryAlbums {
            let front = Self.filler(&random, pictures: inside)
            scans.append(Self.album(scans.count + 1_000_000, MatchDescriptor(image: front)))
        }
        // Every album has a cached review, so a photo verified against any of them, filler or not, is answered.
        try await StoredAlbums.save(scans, in: store)
        let load = try await Self.libraryLoad(store)
        // Where the visual-word index ranks each photo's own cover (the library's first `photos` albums are the
        // "same" pairs' covers, in order), and how many photos of covers not in it still get candidates.
        var library = WordIndex(words: VisualVocabulary.shippedCount)
        var covers: [CoverWords] = []
        var slots: [String: Int] = [:]
        for scan in scans {
            guard let descriptor = scan.artworkDescriptor.flatMap(MatchDescriptor.init(data:)) else { continue }
            slots[scan.album.title] = covers.count
            covers.append(CoverWords(descriptor: descriptor))
            library.add(covers[covers.count - 1].words)
        }
        let wordsPerAlbum = covers.reduce(0) { $0 + $1.words.count } / max(1, covers.count)
        var (rankedFirst, rankedAmong) = (0, 0)
        var retrievalSeconds: [Double] = []
        for (index, photo) in photos.prefix(Self.photos).enumerated() {
            let decoded = try RealPhotoSet.decodePhoto(photo.file)
            let words = CoverWords.photo(decoded)
            let start = DispatchTime.now().uptimeNanoseconds
            let ranked = SpatialRerank.ranked(words, index: library, covers: covers, count: LocalMatch.candidates)
                .map(\.slot)
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
        var (hits, realHits, wrong, realWrong, outsideWrong) = (0, 0, 0, 0, 0)
        var lines = ["photo,album,rank,method,verification"]
        for photo in photos {
            let result = await pipeline.scan(photo.file)
            if dump != nil, photo.real, let album = photo.album {
                let slot = slots[StoredAlbums.title(album, name: Self.albumName)]
                lines.append(try Self.dumpLine(photo.file, album: album, slot: slot, result, library: library, covers: covers))
            }
            guard result.identification?.method == .local else { continue }
            guard let album = photo.album else {
                outsideWrong += 1
                continue
            }
            if result.album?.title != StoredAlbums.title(album, name: Self.albumName) {
                wrong += 1
                if photo.real { realWrong += 1 }
            } else if photo.real {
                realHits += 1
            } else {
                hits += 1
            }
        }
        if let dump { try lines.joined(separator: "\n").write(toFile: dump, atomically: true, encoding: .utf8) }
        let realInside = photos.filter { $0.real && $0.album != nil }.count
        let outsideCount = photos.filter { $0.album == nil }.count
        let note = "\(Self.libraryAlbums) stored albums, \(Self.timedPhotos) photos not in the library"
        var rows = [
            BenchRow(
                name: "14. Call 0 overhead, 10k albums (median)", value: overheads[overheads.count / 2], baseline: .nan,
                unit: "s", target: 0.050, absolute: true,
                note: "\(note); first scan of a process \(String(format: "%.1f ms", cold * 1000)) incl. loading"),
            BenchRow(
                name: "    library load, 10k albums (median)", value: load.seconds, baseline: .nan, unit: "s",
                target: 0.200, absolute: true,
                note: "\(load.albums) albums: their stored words and layouts read and indexed, as a process's first Call 0 does"),
            BenchRow(
                name: "    index memory, 10k albums", value: Double(load.bytes), baseline: .nan, unit: "B",
                target: 64 * 1_048_576, absolute: true,
                note: "heap the loaded index holds, \(wordsPerAlbum) words an album on average; a word costs 8 B "
                    + "(word, position, posting), \(MatchDescriptor.featureLimit) at most an album"),
            BenchRow(
                name: "    false local matches", value: Double(outsideWrong + wrong), baseline: .nan, unit: "",
                target: 0, absolute: true,
                note: "\(outsideWrong)/\(outsideCount) photos of covers not in the library (\(realOutside.count) real), "
                    + "\(wrong) in it answered with another album (\(realWrong) real)"),
            BenchRow(
                name: "    retrieval ranks the cover first", value: Double(rankedFirst) / Double(Self.photos),
                baseline: .nan, unit: "", target: .infinity,
                note: "among the \(LocalMatch.candidates) checked \(rankedAmong)/\(Self.photos); ranking "
                    + String(format: "%.1f ms", retrievalSeconds[retrievalSeconds.count / 2] * 1000) + " median"),
            BenchRow(
                name: "    local matches, cover in library", value: Double(hits) / Double(Self.photos), baseline: .nan,
                unit: "", target: .infinity, note: "\(hits)/\(Self.photos), generated, informational (a miss pays for Call 1)"),
        ]
        if realInside > 0 {
            rows.append(
                BenchRow(
                    name: "23. Call 0 at 10k albums, real photos", value: Double(realHits) / Double(realInside),
                    baseline: .nan, unit: "", target: 0.90, atLeast: true,
                    note: "\(realHits)/\(realInside) held-out photos answered locally"))
        }
        return rows
    }

    /// A real photo's `--dump-local` line: where the words rank its cover's `slot` among the first `dumpedRanks`
    /// (-1: not among them), and what the scan answered.
    static func dumpLine(
        _ file: URL, album: Int, slot: Int?, _ result: ScanResult, library: WordIndex, covers: [CoverWords]
    ) throws -> String {
        let words = CoverWords.photo(try RealPhotoSet.decodePhoto(file))
        let ranked = SpatialRerank.ranked(words, index: library, covers: covers, count: dumpedRanks).map(\.slot)
        let rank = slot.flatMap { ranked.firstIndex(of: $0) } ?? -1
        let name = file.pathComponents.suffix(2).joined(separator: "/")
        return "\(name),\(album),\(rank),\(result.identification?.method.rawValue ?? "none"),"
            + result.verification.status.rawValue
    }

    /// Loads the stored library into a fresh index as a process's first Call 0 does, `loads` times: the median time,
    /// and the heap the last index holds once loaded (glibc's bytes in use, arenas and mapped blocks, measured
    /// before the load and after it with the index still alive).
    static func libraryLoad(_ store: AlbumStore, loads: Int = 5) async throws -> (seconds: Double, bytes: Int, albums: Int) {
        var times: [Double] = []
        var (bytes, albums) = (0, 0)
        for _ in 0..<loads {
            let before = heapInUse()
            let index = LocalIndex()
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try await store.run { database in try index.loadIfNeeded { try database.retrievalWords() } }
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            (bytes, albums) = (heapInUse() - before, index.albums)
        }
        return (median(times), bytes, albums)
    }

    private static func heapInUse() -> Int {
        let info = mallinfo2()
        return Int(info.uordblks + info.hblkhd)
    }

    /// Library cover `index` (a template over a mosaic of its own) and a phone photo of it.
    static func storedPair(_ index: Int, pictures: [DecodedRGB]) throws -> (photo: DecodedRGB, front: DecodedRGB) {
        var random = SeededRandom(seed: 77 &* 1_000_003 &+ UInt64(index))
        let cover = CoverDesign(template: .seeded(&random), imagery: mosaic(&random, pictures, side: 512), crop: (0, 0, 1))
        let backdrop = random.next() % 3 == 0 ? nil : pictures[Int(random.next() % UInt64(pictures.count))]
        let photo = try PhoneShot.random(&random).render(cover: cover.render(side: 768), background: backdrop)
        let front = try JPEGDecoder.decodeRGB(
            JPEGEncoder.encodeRGB(cover.render(side: 500).pixels, width: 500, height: 500, quality: 85), maxSide: nil,
            limits: ImageLimits())
        return (photo, front)
    }

    /// A filler album's 128 px cover: a template over a mosaic.
    static func filler(_ random: inout SeededRandom, pictures: [DecodedRGB]) -> DecodedRGB {
        CoverDesign(template: .seeded(&random), imagery: mosaic(&random, pictures, side: 128), crop: (0, 0, 1))
            .render(side: 128)
    }

    /// A `side` × `side` mosaic of four random square crops (a fifth to three fifths of a picture's shorter side)
    /// of random pictures: the textures of the pictures, but no near-copy of another cover.
    static func mosaic(_ random: inout SeededRandom, _ pictures: [DecodedRGB], side: Int) -> DecodedRGB {
        let half = side / 2
        var pixels = [UInt8](repeating: 0, count: side * side * 3)
        for quadrant in 0..<4 {
            let picture = pictures[Int(random.next() % UInt64(pictures.count))]
            let crop = Double(min(picture.width, picture.height)) * random.uniform(0.2...0.6)
            let x0 = random.uniform(0...(Double(picture.width) - crop))
            let y0 = random.uniform(0...(Double(picture.height) - crop))
            for y in 0..<half {
                for x in 0..<half {
                    let sx = Int(x0 + crop * Double(x) / Double(half)), sy = Int(y0 + crop * Double(y) / Double(half))
                    let from = (sy * picture.width + sx) * 3
                    let to = ((quadrant / 2 * half + y) * side + quadrant % 2 * half + x) * 3
                    for channel in 0..<3 { pixels[to + channel] = picture.pixels[from + channel] }
                }
            }
        }
        return DecodedRGB(pixels: pixels, width: side, height: side)
    }

    static func album(_ index: Int, _ cover: MatchDescriptor) -> NewScan {
        StoredAlbums.scan(index, name: albumName, descriptor: cover.data)
    }

    /// The name the library's albums are stored under.
    static let albumName = "Bench"

    static func seconds(_ work: () async -> Void) async -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        await work()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
