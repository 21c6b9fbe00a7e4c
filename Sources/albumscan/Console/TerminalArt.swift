import AlbumScanMatching
import AlbumScanApp
import AlbumScanCore
import Foundation

/// Draws a cover in the terminal: half blocks (two pixels per cell, truecolor or 256 colours) or an image protocol.
enum TerminalArt {
    /// Columns the cover takes; rows are half as many, since each cell shows two pixel rows.
    static let columns = 28

    /// The lines that draw `artwork` in `mode`, or nil when it cannot be drawn.
    static func lines(_ artwork: ArtworkImages, mode: TerminalCapabilities.ArtMode) -> [String]? {
        switch mode {
        case .none: return nil
        case .trueColor, .palette256:
            guard let image = decode(artwork.thumbnail, side: columns) else { return nil }
            return halfBlocks(image, trueColor: mode == .trueColor)
        case .kitty:
            guard let image = decode(artwork.thumbnail, side: 200) else { return nil }
            return ImageProtocolArt.kitty(image, columns: columns, rows: columns / 2)
        case .iTerm2:
            return ImageProtocolArt.iTerm2(artwork.image ?? artwork.thumbnail, columns: columns, rows: columns / 2)
        }
    }

    static func decode(_ jpeg: Data, side: Int) -> DecodedRGB? {
        guard let image = try? JPEGDecoder.decodeRGB(jpeg, maxSide: side, limits: ImageLimits()), image.width > 0,
            image.height > 0
        else { return nil }
        return image
    }

    /// Each cell is "▀": the foreground paints the top pixel, the background the bottom one.
    static func halfBlocks(_ image: DecodedRGB, trueColor: Bool) -> [String] {
        var lines: [String] = []
        for row in stride(from: 0, to: image.height, by: 2) {
            var line = ""
            for column in 0..<image.width {
                let top = pixel(image, column, row)
                let bottom = row + 1 < image.height ? pixel(image, column, row + 1) : top
                line += "\u{1B}[38;\(code(top, trueColor))m\u{1B}[48;\(code(bottom, trueColor))m▀"
            }
            lines.append(line + "\u{1B}[0m")
        }
        return lines
    }

    /// `2;r;g;b` in truecolor, or `5;n` for the nearest of the 6×6×6 cube and the grey ramp.
    static func code(_ rgb: (UInt8, UInt8, UInt8), _ trueColor: Bool) -> String {
        if trueColor { return "2;\(rgb.0);\(rgb.1);\(rgb.2)" }
        return "5;\(Palette256.index(red: rgb.0, green: rgb.1, blue: rgb.2))"
    }

    private static func pixel(_ image: DecodedRGB, _ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let offset = (y * image.width + x) * 3
        return (image.pixels[offset], image.pixels[offset + 1], image.pixels[offset + 2])
    }
}

/// A scan's stored artwork: the 200 px thumbnail and, when found, the 500 px image.
struct ArtworkImages {
    let thumbnail: Data
    let image: Data?
}
