import AlbumScanCore
import Foundation

/// Draws a JPEG as truecolor half-block characters: each cell shows two pixels, top and bottom.
enum TerminalArt {
    static func halfBlocks(_ jpeg: Data, columns: Int) -> [String]? {
        guard let image = try? JPEGDecoder.decodeRGB(jpeg, maxSide: columns, limits: ImageLimits()), image.width > 0 else {
            return nil
        }
        var lines: [String] = []
        var row = 0
        while row < image.height {
            var line = ""
            for column in 0..<image.width {
                let top = pixel(image, column, row)
                let bottom = row + 1 < image.height ? pixel(image, column, row + 1) : top
                line += "\u{1B}[38;2;\(top.0);\(top.1);\(top.2)m\u{1B}[48;2;\(bottom.0);\(bottom.1);\(bottom.2)m▀"
            }
            lines.append(line + "\u{1B}[0m")
            row += 2
        }
        return lines
    }

    private static func pixel(_ image: DecodedRGB, _ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let offset = (y * image.width + x) * 3
        return (image.pixels[offset], image.pixels[offset + 1], image.pixels[offset + 2])
    }
}
