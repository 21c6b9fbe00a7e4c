import AlbumScanCore
import Foundation

/// Generated flat-colour sleeves: one colour pair, hard-edged shapes of the second colour on the first, no texture
/// and no noise. Many of the pairs are equally bright, so their edges are colour alone. The quality check must let
/// every one through, however it is saved.
package struct FlatSleeve: Sendable, CustomStringConvertible {
    /// How the sleeve's file is saved.
    package enum Encoding: String, Sendable, CaseIterable {
        case png = "PNG"
        case q95 = "JPEG q95"
        case q75 = "JPEG q75"
    }

    package let name: String
    package let background: SyntheticCover.Colour
    package let accent: SyntheticCover.Colour
    /// Which of the fixture motifs is drawn.
    package let motif: FixtureAlbum.Motif

    package var description: String { name }

    /// Rec. 601 luma of the two colours, as the quality check computes it, and their difference.
    package var lumaDifference: Int { Self.luma(background) - Self.luma(accent) }

    /// The sleeve as a file of `side` × `side` pixels.
    package func file(_ encoding: Encoding, side: Int = 1200) throws -> Data {
        let design = SyntheticCover(
            background: .solid(background), shapes: motif.shapes(accent: accent, background: background))
        let pixels = design.pixels(width: side, height: side)
        switch encoding {
        case .png: return try PNGWriter.png(pixels, width: side, height: side)
        case .q95: return try JPEGEncoder.encodeRGB(pixels, width: side, height: side, quality: 95)
        case .q75: return try JPEGEncoder.encodeRGB(pixels, width: side, height: side, quality: 75)
        }
    }

    static func luma(_ colour: SyntheticCover.Colour) -> Int {
        (77 * Int(colour.red) + 150 * Int(colour.green) + 29 * Int(colour.blue) + 128) >> 8
    }

    /// Twenty pairs: fourteen within 22 levels of luma of each other (nine within 4, equally bright to the eye's
    /// luma), six of plain light against dark. Each draws one of the fixture motifs in turn.
    package static let pairs: [FlatSleeve] = {
        typealias C = SyntheticCover.Colour
        let colours: [(String, C, C)] = [
            ("orange and blue (fixture 08)", C(230, 110, 30), C(25, 145, 225)),
            ("red and blue", C(255, 0, 0), C(0, 80, 255)),
            ("red and green", C(220, 40, 60), C(40, 130, 40)),
            ("magenta and green", C(200, 40, 200), C(50, 150, 60)),
            ("teal and brick", C(0, 150, 150), C(190, 70, 60)),
            ("pink and mint", C(250, 150, 180), C(150, 210, 170)),
            ("purple and olive", C(120, 60, 200), C(110, 100, 30)),
            ("navy and maroon", C(30, 40, 120), C(110, 20, 30)),
            ("grey and rose", C(128, 128, 128), C(200, 100, 120)),
            ("yellow and sky", C(240, 220, 40), C(120, 220, 250)),
            ("violet and orange", C(150, 60, 230), C(200, 90, 0)),
            ("cyan and coral", C(0, 180, 200), C(250, 110, 90)),
            ("lime and lilac", C(150, 200, 60), C(200, 170, 230)),
            ("gold and slate", C(200, 160, 40), C(110, 160, 190)),
            ("black and white", C(20, 20, 25), C(240, 240, 230)),
            ("white and red", C(240, 240, 230), C(200, 30, 40)),
            ("yellow and black", C(250, 210, 20), C(15, 15, 20)),
            ("cream and brown", C(245, 235, 210), C(90, 55, 30)),
            ("blue and white", C(40, 80, 200), C(245, 245, 240)),
            ("green and yellow", C(30, 140, 90), C(250, 220, 60)),
        ]
        let motifs = FixtureAlbum.Motif.allCases
        return colours.enumerated().map { index, pair in
            FlatSleeve(name: pair.0, background: pair.1, accent: pair.2, motif: motifs[index % motifs.count])
        }
    }()
}
