import AlbumScanMatching
import AlbumScanCore
import Foundation

/// The real development photos at ../shared/realphotos: folders of one cover's `art.jpg` and its `photo-*.jpg`.
struct RealPhotoSet {
    struct Case {
        var number: Int
        var folder: URL
        var photos: [(camera: String, url: URL)]
        var art: URL { folder.appendingPathComponent("art.jpg") }
    }

    static let root = URL(fileURLWithPath: "../shared/realphotos")
    let cases: [Case]

    /// The set, or nil when the folder is absent.
    static func load() -> RealPhotoSet? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: root.path) else { return nil }
        let cases = names.sorted().compactMap { name -> Case? in
            let parts = name.split(separator: "-")
            guard parts.count > 2, let number = Int(parts[2]) else { return nil }
            let folder = root.appendingPathComponent(name)
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            let photos = files.sorted().filter { $0.hasPrefix("photo-") && $0.hasSuffix(".jpg") }.map {
                (camera: String($0.dropFirst(6).dropLast(4)), url: folder.appendingPathComponent($0))
            }
            return Case(number: number, folder: folder, photos: photos)
        }
        return cases.isEmpty ? nil : RealPhotoSet(cases: cases)
    }

    /// Tuning uses odd-numbered folders; everything reported as held out is even-numbered.
    static func isHeldOut(_ number: Int) -> Bool { number % 2 == 0 }

    /// The other covers a photo of case `index` is compared with: the six nearest in the (alphabetical) folder order,
    /// where sequels and a studio's titles sit side by side, and six more spread over the rest.
    func others(of index: Int) -> [Int] {
        var picks: [Int] = []
        for offset in [-3, -2, -1, 1, 2, 3] {
            let other = index + offset
            if other >= 0, other < cases.count { picks.append(other) }
        }
        var step = 7
        while picks.count < 12 {
            let other = (index + step * 13) % cases.count
            if other != index, !picks.contains(other) { picks.append(other) }
            step += 1
        }
        return picks
    }

    /// A photo file as a scan compares it: the pixels its upload is encoded from (upright, fitted to 1024 × 768).
    static func decodePhoto(_ url: URL) throws -> DecodedRGB {
        try ImagePrep.prepareUpload(Data(contentsOf: url), limits: ImageLimits()).pixels
    }

    static func descriptor(_ url: URL) throws -> MatchDescriptor {
        MatchDescriptor(image: try JPEGDecoder.decodeRGB(Data(contentsOf: url), maxSide: 512, limits: ImageLimits()))
    }
}
