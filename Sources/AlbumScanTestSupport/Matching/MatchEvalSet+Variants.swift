import AlbumScanMatching
import AlbumScanCore

extension MatchEvalSet {
    /// Harder pairs than the seeded set's: what real photos hold and the random shots do not.
    package enum Variant: String, Sendable, CaseIterable {
        /// The same cover turned a quarter, half or three quarters (plus the usual few degrees).
        case turned
        /// The same cover filling 15-30 % of the frame's area.
        case small
        /// Another edition: the same picture and lettering with its colour channels permuted (a different cover).
        case edition
    }

    /// Pair `index` of a variant; `same` is false only for editions.
    package func pair(_ index: Int, variant: Variant) throws -> Pair {
        var random = SeededRandom(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(index) &+ 0x51)
        let template = CoverDesign.Template.seeded(&random)
        var first = Int(random.next() % UInt64(imagery.count))
        // Permuting the channels of grey imagery changes nothing: an edition needs a picture with colour.
        if variant == .edition {
            for step in 0..<imagery.count where Self.hasColour(imagery[(first + step) % imagery.count].image) {
                first = (first + step) % imagery.count
                break
            }
        }
        let width = random.uniform(0.55...0.9)
        let cover = CoverDesign(
            template: template, imagery: imagery[first].image,
            crop: (random.uniform(0...(1 - width)), random.uniform(0...0.35), width))
        var shot = PhoneShot.random(&random)
        switch variant {
        case .turned: shot.rotationDegrees += [90.0, 180, 270][index % 3]
        case .small:
            // Area fraction of the frame; the shot's fraction is of the frame's short side.
            let area = random.uniform(0.15...0.30) * Double(shot.frameWidth * shot.frameHeight)
            shot.coverFraction = area.squareRoot() / Double(min(shot.frameWidth, shot.frameHeight))
        case .edition: break
        }
        let backdrop = imagery[Int(random.next() % UInt64(imagery.count))].image
        let photo = try shot.render(cover: cover.render(side: 768), background: backdrop)
        var art = cover.render(side: 500).pixels
        if variant == .edition {
            let shift = 1 + index % 2
            var permuted = art
            for p in stride(from: 0, to: art.count, by: 3) {
                for c in 0..<3 { permuted[p + c] = art[p + (c + shift) % 3] }
            }
            art = permuted
        }
        let candidate = try JPEGDecoder.decodeRGB(
            JPEGEncoder.encodeRGB(art, width: 500, height: 500, quality: 85), maxSide: nil, limits: ImageLimits())
        return Pair(
            photo: photo, candidate: candidate, same: variant != .edition, decoy: false,
            label: "\(variant.rawValue) #\(index) (\(imagery[first].group))")
    }

    /// Whether the image's channels differ visibly (mean |R - G| + |B - G| of at least 12 levels).
    static func hasColour(_ image: DecodedRGB) -> Bool {
        var total = 0
        var count = 0
        for p in stride(from: 0, to: image.pixels.count, by: 3 * 7) {
            let (r, g, b) = (Int(image.pixels[p]), Int(image.pixels[p + 1]), Int(image.pixels[p + 2]))
            total += abs(r - g) + abs(b - g)
            count += 1
        }
        return count > 0 && total >= 12 * count
    }
}
