import AlbumScanMatching
import AlbumScanCore
import Foundation

/// A generated album cover: a template (layout, band colour, pseudo-typography) filled with imagery.
///
/// Two designs with one template and different imagery are the evaluation's decoys: same layout and lettering,
/// different picture. Glyphs are seeded 5 × 7 bitmaps, so no font (and no real album art) is involved.
package struct CoverDesign: Sendable {
    /// The shared part of a series of covers.
    package struct Template: Sendable {
        package enum Layout: Int, Sendable, CaseIterable { case topBand, framed, sideStripe, fullBleed }
        package var layout: Layout
        package var band: [Double]
        package var ink: [Double]
        /// Lines of glyphs; each glyph is 35 bits of a 5 × 7 bitmap.
        package var lines: [[UInt64]]

        /// A seeded template.
        package static func seeded(_ random: inout SeededRandom) -> Template {
            let layout = Layout.allCases[Int(random.next() % 4)]
            let band = (0..<3).map { _ in random.uniform(0...255) }
            let dark = band.reduce(0, +) > 380
            let ink = (0..<3).map { _ in dark ? random.uniform(0...70) : random.uniform(185...255) }
            let lines = (0..<3).map { line in (0..<(line == 0 ? 7 : 11)).map { _ in random.next() & 0x7_FFFF_FFFF } }
            return Template(layout: layout, band: band, ink: ink, lines: lines)
        }
    }

    package var template: Template
    package var imagery: DecodedRGB
    /// The part of the imagery used, as fractions: x, y, width (height follows the picture area's shape).
    package var crop: (x: Double, y: Double, width: Double)

    package init(template: Template, imagery: DecodedRGB, crop: (x: Double, y: Double, width: Double)) {
        self.template = template
        self.imagery = imagery
        self.crop = crop
    }

    /// The picture area and the text lines (x, y, glyph height) as fractions of the cover.
    private var geometry: (picture: (x: Double, y: Double, w: Double, h: Double), text: [(Double, Double, Double)]) {
        switch template.layout {
        case .topBand: return ((0, 0.24, 1, 0.76), [(0.06, 0.04, 0.1), (0.06, 0.16, 0.05), (0.6, 0.16, 0.05)])
        case .framed: return ((0.08, 0.08, 0.84, 0.64), [(0.08, 0.76, 0.1), (0.08, 0.89, 0.05), (0.55, 0.89, 0.05)])
        case .sideStripe: return ((0.3, 0, 0.7, 1), [(0.03, 0.06, 0.05), (0.03, 0.2, 0.025), (0.03, 0.9, 0.025)])
        case .fullBleed: return ((0, 0, 1, 1), [(0.06, 0.8, 0.1), (0.06, 0.92, 0.045), (0.55, 0.05, 0.045)])
        }
    }

    /// The cover rendered at `side` × `side`.
    package func render(side: Int) -> DecodedRGB {
        var canvas = [Double](repeating: 0, count: side * side * 3)
        let (picture, text) = geometry
        let s = Double(side)
        let aspect = picture.w / picture.h
        let cropW = crop.width * Double(imagery.width)
        let cropH = min(cropW / aspect, Double(imagery.height) * (1 - crop.y))
        for y in 0..<side {
            for x in 0..<side {
                let u = (Double(x) + 0.5) / s
                let v = (Double(y) + 0.5) / s
                let pu = (u - picture.x) / picture.w
                let pv = (v - picture.y) / picture.h
                let colour: [Double]
                if pu >= 0, pu < 1, pv >= 0, pv < 1 {
                    colour = Sampling.bilinear(
                        imagery, crop.x * Double(imagery.width) + pu * cropW, crop.y * Double(imagery.height) + pv * cropH)
                } else {
                    colour = template.band
                }
                for c in 0..<3 { canvas[(y * side + x) * 3 + c] = colour[c] }
            }
        }
        for (line, place) in zip(template.lines, text) { draw(line, at: place, on: &canvas, side: side) }
        return DecodedRGB(pixels: canvas.map { UInt8(clamping: Int($0.rounded())) }, width: side, height: side)
    }

    private func draw(_ glyphs: [UInt64], at place: (Double, Double, Double), on canvas: inout [Double], side: Int) {
        let cell = max(1, Int(place.2 * Double(side) / 7))
        var x0 = Int(place.0 * Double(side))
        let y0 = Int(place.1 * Double(side))
        for glyph in glyphs {
            for bit in 0..<35 where glyph >> UInt64(bit) & 1 == 1 {
                let gx = x0 + (bit % 5) * cell
                let gy = y0 + (bit / 5) * cell
                guard gx + cell <= side, gy + cell <= side else { continue }
                for y in gy..<(gy + cell) {
                    for x in gx..<(gx + cell) {
                        for c in 0..<3 { canvas[(y * side + x) * 3 + c] = template.ink[c] }
                    }
                }
            }
            x0 += 6 * cell
        }
    }
}

/// Bilinear sampling of decoded pixels, clamped at the border.
enum Sampling {
    static func bilinear(_ image: DecodedRGB, _ x: Double, _ y: Double) -> [Double] {
        let fx = min(max(x - 0.5, 0), Double(image.width - 1))
        let fy = min(max(y - 0.5, 0), Double(image.height - 1))
        let x0 = Int(fx)
        let y0 = Int(fy)
        let x1 = min(x0 + 1, image.width - 1)
        let y1 = min(y0 + 1, image.height - 1)
        let ax = fx - Double(x0)
        let ay = fy - Double(y0)
        return (0..<3).map { c in
            func p(_ x: Int, _ y: Int) -> Double { Double(image.pixels[(y * image.width + x) * 3 + c]) }
            return (p(x0, y0) * (1 - ax) + p(x1, y0) * ax) * (1 - ay) + (p(x0, y1) * (1 - ax) + p(x1, y1) * ax) * ay
        }
    }
}
