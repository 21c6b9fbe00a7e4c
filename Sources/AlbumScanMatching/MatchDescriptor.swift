import Foundation

/// A compact, versioned summary of a front image: what the matcher needs to find and check it in a photo.
///
/// It holds a 64 × 64 luma thumbnail and an 8 × 8 colour layout of the cover (about 4.3 KB), never the photo.
/// A new matching method bumps `currentVersion`; stored descriptors of another version are recomputed.
public struct MatchDescriptor: Sendable, Equatable {
    /// The method version this descriptor was made for.
    public static let currentVersion: UInt8 = 1
    /// Side of the luma thumbnail.
    static let lumaSide = 64
    /// Side of the colour layout grid.
    static let colourSide = 8
    private static let magic: [UInt8] = Array("AMD".utf8)

    /// The method version.
    public let version: UInt8
    /// Width over height of the front image.
    public let aspect: Float
    /// Luma, `lumaSide`² bytes, rows top to bottom.
    let luma: [UInt8]
    /// Mean colour per cell, `colourSide`² × RGB bytes.
    let colour: [UInt8]

    /// The descriptor of a decoded front image.
    public init(image: DecodedRGB) {
        let lumaPlanes = ColourPlanes(image, width: Self.lumaSide, height: Self.lumaSide).luma
        let colourPlanes = ColourPlanes(image, width: Self.colourSide, height: Self.colourSide)
        version = Self.currentVersion
        aspect = Float(image.width) / Float(max(image.height, 1))
        luma = lumaPlanes.values.map { UInt8(clamping: Int($0.rounded())) }
        var cells: [UInt8] = []
        for i in 0..<(Self.colourSide * Self.colourSide) {
            for plane in [colourPlanes.red, colourPlanes.green, colourPlanes.blue] {
                cells.append(UInt8(clamping: Int(plane.values[i].rounded())))
            }
        }
        colour = cells
    }

    /// The descriptor's bytes: "AMD", version, aspect (Float32 bit pattern, little-endian), luma, colour.
    public var data: Data {
        var bytes = Self.magic + [version]
        withUnsafeBytes(of: aspect.bitPattern.littleEndian) { bytes += $0 }
        return Data(bytes + luma + colour)
    }

    /// Reads bytes written by `data`; nil when they are not a descriptor of the current version.
    public init?(data: Data) {
        let bytes = [UInt8](data)
        let lumaCount = Self.lumaSide * Self.lumaSide
        let colourCount = Self.colourSide * Self.colourSide * 3
        guard bytes.count == 8 + lumaCount + colourCount, Array(bytes[0..<3]) == Self.magic,
            bytes[3] == Self.currentVersion
        else { return nil }
        let bits = bytes[4..<8].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let aspect = Float(bitPattern: bits)
        guard aspect.isFinite, aspect > 0.2, aspect < 5 else { return nil }
        version = bytes[3]
        self.aspect = aspect
        luma = Array(bytes[8..<(8 + lumaCount)])
        colour = Array(bytes[(8 + lumaCount)...])
    }

    /// The luma thumbnail as a plane.
    var lumaPlane: GrayPlane { GrayPlane(width: Self.lumaSide, height: Self.lumaSide, bytes: luma) }
}
