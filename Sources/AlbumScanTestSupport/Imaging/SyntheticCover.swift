import AlbumScanCore
import Foundation

/// A licence-clean synthetic album cover: a background and blocky shapes, rendered at any size.
///
/// Shape coordinates are fractions of the width and height, so one cover renders alike at any size.
package struct SyntheticCover: Sendable {
    /// An RGB colour.
    package struct Colour: Sendable, Equatable {
        package var red: UInt8
        package var green: UInt8
        package var blue: UInt8

        /// Creates a colour from its channels.
        package init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// A palette of strong colours the seeded covers draw from.
        package static let palette: [Colour] = [
            Colour(220, 40, 60), Colour(250, 180, 30), Colour(30, 140, 90), Colour(40, 80, 200),
            Colour(130, 50, 170), Colour(20, 20, 25), Colour(240, 240, 230), Colour(0, 170, 200),
        ]
    }

    /// What fills the canvas before the shapes.
    package enum Background: Sendable, Equatable {
        case solid(Colour)
        case verticalGradient(Colour, Colour)
        case horizontalGradient(Colour, Colour)
        case diagonalGradient(Colour, Colour)
    }

    /// A shape drawn over the background, in fractions of the canvas.
    package enum Shape: Sendable, Equatable {
        case rectangle(x: Double, y: Double, width: Double, height: Double, colour: Colour)
        case circle(centerX: Double, centerY: Double, radius: Double, colour: Colour)
        case stripes(count: Int, vertical: Bool, colour: Colour)
    }

    /// The background.
    package var background: Background
    /// The shapes, drawn in order.
    package var shapes: [Shape]

    /// Creates a cover.
    package init(background: Background, shapes: [Shape] = []) {
        self.background = background
        self.shapes = shapes
    }

    /// The cover as baseline JPEG bytes of `width` × `height` at `quality`.
    package func jpeg(width: Int, height: Int, quality: Int = 85) throws -> Data {
        try JPEGEncoder.encodeRGB(pixels(width: width, height: height), width: width, height: height, quality: quality)
    }

    /// A deterministic varied cover for `seed`: same seed, same cover.
    package static func seeded(_ seed: UInt64) -> SyntheticCover {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        func colour() -> Colour { Colour.palette[Int(next() % UInt64(Colour.palette.count))] }
        func fraction() -> Double { Double(next() % 1000) / 1000 }
        let backgrounds: [Background] = [
            .solid(colour()), .verticalGradient(colour(), colour()), .horizontalGradient(colour(), colour()),
            .diagonalGradient(colour(), colour()),
        ]
        var shapes: [Shape] = []
        for _ in 0..<(2 + Int(next() % 4)) {
            switch next() % 3 {
            case 0:
                shapes.append(
                    .rectangle(
                        x: fraction() * 0.7, y: fraction() * 0.7, width: 0.1 + fraction() * 0.4,
                        height: 0.1 + fraction() * 0.4, colour: colour()))
            case 1:
                shapes.append(
                    .circle(
                        centerX: fraction(), centerY: fraction(), radius: 0.05 + fraction() * 0.3,
                        colour: colour()))
            default:
                shapes.append(.stripes(count: 3 + Int(next() % 6), vertical: next() % 2 == 0, colour: colour()))
            }
        }
        return SyntheticCover(background: backgrounds[Int(next() % 4)], shapes: shapes)
    }
}
