import AlbumScanCore
import AlbumScanTestSupport
import Foundation

/// Row 1: a 12 MP phone-sized JPEG to the upload JPEG, against Pillow (draft mode) and djpeg | cjpeg.
struct ImagePrepBench {
    let photoPath: String
    let python: String?
    let runs: Int

    /// A 4032×3024 photo-like JPEG: a fixture cover's design with sensor-like noise, so it decodes like a real photo.
    static func makePhoto(at path: String) throws {
        let album = FixtureCatalog.albums[11]
        let width = 4032, height = 3024
        let design = try JPEGDecoder.decodeRGB(try album.cover(width: 1008, height: 756), maxSide: nil, limits: ImageLimits())
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        var state: UInt32 = 2_463_534_242
        for y in 0..<height {
            for x in 0..<width {
                let source = ((y / 4) * design.width + x / 4) * 3
                for channel in 0..<3 {
                    state ^= state << 13
                    state ^= state >> 17
                    state ^= state << 5
                    let noise = Int(state % 17) - 8
                    pixels[(y * width + x) * 3 + channel] = UInt8(clamping: Int(design.pixels[source + channel]) + noise)
                }
            }
        }
        try JPEGEncoder.encodeRGB(pixels, width: width, height: height, quality: 92).write(to: URL(fileURLWithPath: path))
    }

    /// The in-process median, for the per-scan overhead baseline.
    func albumscanSeconds() throws -> Double {
        let data = try Data(contentsOf: URL(fileURLWithPath: photoPath))
        _ = try ImagePrep.prepareUpload(data, limits: ImageLimits())  // warm-up
        return try timeMedian(runs: runs) { _ = try ImagePrep.prepareUpload(data, limits: ImageLimits()) }
    }

    func rows(albumscan: Double) throws -> [BenchRow] {
        var rows: [BenchRow] = []
        if let pillow = try pillowSeconds() {
            rows.append(
                BenchRow(name: "1. image prep 12 MP vs Pillow", value: albumscan, baseline: pillow, unit: "s", target: 1.0))
        } else {
            rows.append(
                BenchRow(
                    name: "1. image prep 12 MP vs Pillow", value: albumscan, baseline: .nan, unit: "s", target: 1.0,
                    note: "Pillow unavailable"))
        }
        let upload = try ImagePrep.prepareUpload(Data(contentsOf: URL(fileURLWithPath: photoPath)), limits: ImageLimits())
        rows.append(
            BenchRow(
                name: "   upload JPEG of the 12 MP photo", value: Double(upload.jpeg.count), baseline: .nan, unit: "B",
                target: .infinity, note: "\(upload.width)×\(upload.height), informational"))
        let floor = try timeMedian(runs: runs) {
            _ = try Spawn.shell("djpeg -scale 1/4 '\(photoPath)' | cjpeg -quality 85 > /dev/null")
        }
        rows.append(
            BenchRow(
                name: "   image prep vs djpeg|cjpeg floor", value: albumscan, baseline: floor, unit: "s", target: .infinity,
                note: "floor, informational"))
        return rows
    }

    /// Pillow's draft-mode decode, resize into 1024×768 and save, timed inside Python (no interpreter start-up).
    func pillowSeconds() throws -> Double? {
        guard let python else { return nil }
        let script = """
            import io, sys, time
            from PIL import Image
            path, runs = sys.argv[1], int(sys.argv[2])
            samples = []
            for _ in range(runs + 1):
                start = time.perf_counter()
                image = Image.open(path)
                image.draft("RGB", (1024, 768))
                image = image.convert("RGB")
                image.thumbnail((1024, 768))
                image.save(io.BytesIO(), "JPEG", quality=85)
                samples.append(time.perf_counter() - start)
            samples = sorted(samples[1:])
            print(samples[len(samples) // 2])
            """
        let scriptPath = NSTemporaryDirectory() + "albumscan-bench-pillow.py"
        try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [scriptPath, photoPath, String(runs)]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? Double(output.trimmingCharacters(in: .whitespacesAndNewlines)) : nil
    }
}
