import AlbumScanMatching
import AlbumScanCore
import Foundation

/// The quality check's calibration set: simulated phone photos of generated covers, sharp (minimalist covers
/// included) and spoiled in the two ways the check must catch, blur and underexposure.
package struct QualityEvalSet: Sendable {
    /// What a sample shows and how it was spoiled.
    package enum Kind: String, Sendable, CaseIterable {
        /// A designed cover (template, imagery, lettering), with the usual small camera defects.
        case sharp
        /// A plain white sleeve with a little dark text.
        case whiteSleeve = "white-sleeve"
        /// A one-colour sleeve and what lies around it (a frame of one colour alone is a blank frame).
        case colourField = "colour-field"
        /// A near-black sleeve with a little light text.
        case darkCover = "dark-cover"
        /// A designed cover blurred by a Gaussian of σ 4 to 6 px.
        case blurred
        /// A designed cover 3 stops under (an eighth of the light).
        case underexposed
        /// A designed cover 3 stops over (informational: no target).
        case overexposed
        /// A designed cover blurred by a Gaussian of σ 10 to 14 px: no edge survives.
        case heavyBlur = "blur-12px"
        /// A designed cover 3 stops under with one bright glare spot.
        case dimGlare = "dim-glare"
        /// One even tone filling the frame (a wall, a table, a sleeve too close), with sensor noise and a little
        /// vignetting.
        case blankFrame = "blank-frame"
        /// `underexposed`'s photo with one small, hard, clipped glare spot added (a flash on a plastic sleeve), its
        /// clipped disc 4 to 9 % of the cover's side across (under an eighth of the frame's short side): its steep rim
        /// is the brightest contrast in the photo.
        case dimSmallGlare = "dim-small-glare"

        /// Photos a good check lets through.
        package var shouldPass: Bool { [.sharp, .whiteSleeve, .colourField, .darkCover].contains(self) }
    }

    /// A sRGB multiplier for `stops` of exposure (linear light, display gamma 2.2).
    package static func gain(stops: Double) -> Double { pow(2, stops / 2.2) }

    package let imagery: [MatchEvalSet.Imagery]
    package let seed: UInt64

    package init(imagery: [MatchEvalSet.Imagery], seed: UInt64) {
        self.imagery = imagery
        self.seed = seed
    }

    /// Sample `index` of `kind`, as the decoded upload would be.
    package func photo(_ kind: Kind, _ index: Int) throws -> DecodedRGB {
        // A small glare spot is added to the very photo `underexposed` gives at the same index, drawn from its own
        // stream: the two rows then differ by the spot alone.
        let drawnAs: Kind = kind == .dimSmallGlare ? .underexposed : kind
        let salt = UInt64(Kind.allCases.firstIndex(of: drawnAs) ?? 0) << 32
        var random = SeededRandom(seed: (seed &* 0x9E37_79B9_7F4A_7C15) ^ salt &+ UInt64(index))
        var shot = PhoneShot.random(&random)
        let cover: CoverDesign
        switch kind {
        case .whiteSleeve:
            let paper = (0..<3).map { _ in random.uniform(228...252) }
            cover = Self.plain(paper, ink: (0..<3).map { _ in random.uniform(0...80) }, text: true, &random)
        case .colourField:
            cover = Self.plain((0..<3).map { _ in random.uniform(0...255) }, ink: [0, 0, 0], text: false, &random)
        case .darkCover:
            let black = (0..<3).map { _ in random.uniform(8...40) }
            cover = Self.plain(black, ink: (0..<3).map { _ in random.uniform(150...235) }, text: true, &random)
        case .blankFrame:
            return Self.blank(&random)
        case .sharp, .blurred, .underexposed, .overexposed, .heavyBlur, .dimGlare, .dimSmallGlare:
            let template = CoverDesign.Template.seeded(&random)
            let image = imagery[Int(random.next() % UInt64(imagery.count))].image
            let width = random.uniform(0.55...0.9)
            cover = CoverDesign(
                template: template, imagery: image, crop: (random.uniform(0...(1 - width)), random.uniform(0...0.35), width))
        }
        // PhoneShot's own exposure range (0.6-1.4 in sRGB, -1.6 to +1.1 stops) was made to stress the matcher; a
        // phone's metering keeps a usable photo within about a stop, so good photos here are drawn from ±1 stop.
        shot.brightness = Self.gain(stops: random.uniform(-1...1))
        switch kind {
        case .blurred: shot.blurSigma = random.uniform(4...6)
        case .underexposed: shot.brightness = Self.gain(stops: -3)
        case .overexposed: shot.brightness = Self.gain(stops: 3)
        case .heavyBlur: shot.blurSigma = random.uniform(10...14)
        case .dimGlare:
            shot.brightness = Self.gain(stops: -3)
            shot.glare = (random.uniform(0.2...0.8), random.uniform(0.2...0.8), random.uniform(0.04...0.08), random.uniform(500...900))
        case .dimSmallGlare:
            shot.brightness = Self.gain(stops: -3)
            var spot = SeededRandom(seed: (seed &* 0x9E37_79B9_7F4A_7C15) ^ 0x5107 &+ UInt64(index))
            shot.glare = (spot.uniform(0.2...0.8), spot.uniform(0.2...0.8), spot.uniform(0.01...0.02), spot.uniform(6000...10000))
        default: break
        }
        let backdrop = imagery[Int(random.next() % UInt64(imagery.count))].image
        let framed = kind == .colourField || random.next() % 3 != 0
        return try shot.render(cover: cover.render(side: 768), background: framed ? backdrop : nil)
    }

    /// One random tone over a whole 800×600 frame, darker towards the corners by up to 4 %, with noise of σ 0-4.
    static func blank(_ random: inout SeededRandom) -> DecodedRGB {
        let (width, height) = (800, 600)
        let tone = (0..<3).map { _ in random.uniform(60...230) }
        let vignette = random.uniform(0...0.04)
        let noise = random.uniform(0...4)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let dx = Double(x) / Double(width) - 0.5
                let dy = Double(y) / Double(height) - 0.5
                let shade = 1 - vignette * (dx * dx + dy * dy) * 2
                for c in 0..<3 {
                    let value = tone[c] * shade + noise * random.gaussian()
                    pixels[(y * width + x) * 3 + c] = UInt8(clamping: Int(value.rounded()))
                }
            }
        }
        return DecodedRGB(pixels: pixels, width: width, height: height)
    }

    /// A one-colour cover, with a short title and a smaller line of text in `ink` when `text` is set.
    static func plain(_ colour: [Double], ink: [Double], text: Bool, _ random: inout SeededRandom) -> CoverDesign {
        let pixel = colour.map { UInt8(clamping: Int($0.rounded())) }
        let field = DecodedRGB(pixels: Array([[UInt8]](repeating: pixel, count: 16).joined()), width: 4, height: 4)
        let title = (0..<4).map { _ in random.next() & 0x7_FFFF_FFFF }
        let line = (0..<8).map { _ in random.next() & 0x7_FFFF_FFFF }
        var template = CoverDesign.Template.seeded(&random)
        template.layout = .fullBleed
        template.band = colour
        template.ink = ink
        template.lines = text ? [title, line, []] : [[], [], []]
        return CoverDesign(template: template, imagery: field, crop: (0, 0, 1))
    }
}
