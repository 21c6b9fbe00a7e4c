import AlbumScanMatching
import AlbumScanApp
import AlbumScanCore
import Foundation

/// Escape sequences of the terminals that draw real images: kitty's graphics protocol and iTerm2's inline images.
enum ImageProtocolArt {
    /// kitty takes raw RGB (f=24) in base64 chunks of at most 4096 bytes, sized to a cell box; q=2 silences replies.
    static func kitty(_ image: DecodedRGB, columns: Int, rows: Int) -> [String] {
        let payload = Data(image.pixels).base64EncodedString()
        var chunks: [Substring] = []
        var start = payload.startIndex
        while start < payload.endIndex {
            let end = payload.index(start, offsetBy: 4096, limitedBy: payload.endIndex) ?? payload.endIndex
            chunks.append(payload[start..<end])
            start = end
        }
        var sequence = ""
        for (index, chunk) in chunks.enumerated() {
            let more = index < chunks.count - 1 ? 1 : 0
            let control =
                index == 0
                ? "a=T,f=24,s=\(image.width),v=\(image.height),c=\(columns),r=\(rows),q=2,m=\(more)" : "m=\(more)"
            sequence += "\u{1B}_G\(control);\(chunk)\u{1B}\\"
        }
        // kitty leaves the cursor on the image's last row; the blank line below moves past it.
        return [sequence]
    }

    /// iTerm2 reads the JPEG itself: OSC 1337 File=inline=1 with a size in cells, ended by BEL.
    static func iTerm2(_ jpeg: Data, columns: Int, rows: Int) -> [String] {
        let arguments = "inline=1;size=\(jpeg.count);width=\(columns);height=\(rows);preserveAspectRatio=1"
        return ["\u{1B}]1337;File=\(arguments):\(jpeg.base64EncodedString())\u{07}"]
    }
}
