extension FixtureAlbum {
    /// The layout of a cover's shapes, drawn in the accent colour over the background.
    ///
    /// Every motif stays inside the central 76% of the cover, so its border keeps the background colour the fake
    /// vision model goes by. Different layouts make covers differ in structure, as real ones do, not in colour only.
    package enum Motif: Sendable, CaseIterable {
        /// A disc above a bar: the twelve original fixture covers.
        case ringAndBar
        case twinBlocks
        case diagonalDots
        case frame
        case textLines
        case equaliser
        case checker
        case target
        case cross
        case cornerBlock
        case horizon

        /// The shapes, in drawing order.
        func shapes(accent: SyntheticCover.Colour, background: SyntheticCover.Colour) -> [SyntheticCover.Shape] {
            typealias Shape = SyntheticCover.Shape
            func block(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Shape {
                .rectangle(x: x, y: y, width: width, height: height, colour: accent)
            }
            func disc(_ x: Double, _ y: Double, _ radius: Double, _ colour: SyntheticCover.Colour? = nil) -> Shape {
                .circle(centerX: x, centerY: y, radius: radius, colour: colour ?? accent)
            }
            switch self {
            case .ringAndBar: return [disc(0.5, 0.45, 0.18), block(0.3, 0.7, 0.4, 0.06)]
            case .twinBlocks: return [block(0.15, 0.2, 0.3, 0.45), block(0.55, 0.35, 0.3, 0.45)]
            case .diagonalDots: return [disc(0.28, 0.28, 0.12), disc(0.5, 0.5, 0.12), disc(0.72, 0.72, 0.12)]
            case .frame:
                return [
                    block(0.15, 0.15, 0.7, 0.05), block(0.15, 0.8, 0.7, 0.05), block(0.15, 0.15, 0.05, 0.7),
                    block(0.8, 0.15, 0.05, 0.7),
                ]
            case .textLines:
                return [
                    block(0.15, 0.2, 0.7, 0.07), block(0.15, 0.35, 0.5, 0.07), block(0.15, 0.5, 0.6, 0.07),
                    block(0.15, 0.65, 0.35, 0.07),
                ]
            case .equaliser:
                return [
                    block(0.18, 0.55, 0.1, 0.3), block(0.36, 0.25, 0.1, 0.6), block(0.54, 0.4, 0.1, 0.45),
                    block(0.72, 0.65, 0.1, 0.2),
                ]
            case .checker: return [block(0.2, 0.2, 0.3, 0.3), block(0.5, 0.5, 0.3, 0.3)]
            case .target: return [disc(0.5, 0.5, 0.33), disc(0.5, 0.5, 0.22, background), disc(0.5, 0.5, 0.1)]
            case .cross: return [block(0.42, 0.15, 0.16, 0.7), block(0.15, 0.42, 0.7, 0.16)]
            case .cornerBlock: return [block(0.45, 0.45, 0.4, 0.4), disc(0.27, 0.27, 0.1)]
            case .horizon:
                return [
                    disc(0.5, 0.62, 0.25),
                    .rectangle(x: 0.12, y: 0.62, width: 0.76, height: 0.26, colour: background),
                    block(0.12, 0.62, 0.76, 0.03),
                ]
            }
        }
    }
}
