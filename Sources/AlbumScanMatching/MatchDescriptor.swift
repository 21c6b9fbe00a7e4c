import Foundation

/// A compact, versioned summary of a front image: what the matcher needs to find and check it in a photo.
///
/// It holds a 64 × 64 luma thumbnail, an 8 × 8 colour layout and up to `featureLimit` SIFT features of the cover
/// (about 85 KB at most), never the photo.
/// A new matching method bumps `currentVersion`; stored descriptors of another version are recomputed.
package struct MatchDescriptor: Sendable, Equatable {
    /// The method version this descriptor was made for.
    package static let currentVersion: UInt8 = 2
    /// Side of the luma thumbnail.
    static let lumaSide = 64
    /// Side of the colour layout grid.
    static let colourSide = 8
    /// Longest side of the cover image SIFT runs on: a cover is rarely seen larger than this in a photo.
    static let featureSide = 400
    /// SIFT features kept of the cover.
    package static let featureLimit = 600
    /// Bytes per stored feature: x and y (UInt16 fractions of the side), then the descriptor.
    static let featureBytes = 4 + LocalFeatures.length
    private static let magic: [UInt8] = Array("AMD".utf8)

    /// The method version.
    package let version: UInt8
    /// Width over height of the front image.
    package let aspect: Float
    /// Luma, `lumaSide`² bytes, rows top to bottom.
    let luma: [UInt8]
    /// Mean colour per cell, `colourSide`² × RGB bytes.
    let colour: [UInt8]
    /// SIFT features of the cover, positions in its unit square.
    var features: LocalFeatures

    /// The descriptor of a decoded front image.
    package init(image original: DecodedRGB) {
        let image = original.trimmingPlainBorders()
        self.init(layoutOf: image)
        features = Self.features(of: image)
    }

    /// The thumbnail and colour layout of a front image already trimmed of plain borders, without its SIFT features:
    /// all the dense search reads.
    init(layoutOf image: DecodedRGB) {
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
        features = LocalFeatures(points: [], descriptors: [], aspect: aspect)
    }

    /// The SIFT features of a front image already trimmed of plain borders.
    static func features(of image: DecodedRGB) -> LocalFeatures {
        let scale = min(1, Float(featureSide) / Float(max(image.width, image.height)))
        let plane = ColourPlanes(
            image, width: max(1, Int((Float(image.width) * scale).rounded())),
            height: max(1, Int((Float(image.height) * scale).rounded()))
        ).luma
        // Positions as stored (UInt16 fractions), so a descriptor read back equals the one written.
        var found = SiftExtractor.features(of: plane, limit: featureLimit)
        found.points = found.points.map { point in
            SIMD2(quantised(point.x), quantised(point.y))
        }
        found.aspect = Float(image.width) / Float(max(image.height, 1))
        return found
    }

    private static func quantised(_ value: Float) -> Float {
        Float(UInt16(clamping: Int((min(max(value, 0), 1) * 65535).rounded()))) / 65535
    }

    /// The descriptor's bytes: "AMD", version, aspect (Float32 bit pattern, little-endian), luma, colour, feature
    /// count (UInt16, little-endian) and the features.
    package var data: Data {
        var bytes = Self.magic + [version]
        withUnsafeBytes(of: aspect.bitPattern.littleEndian) { bytes += $0 }
        bytes += luma + colour
        bytes += [UInt8(features.count & 0xFF), UInt8(features.count >> 8)]
        for (index, point) in features.points.enumerated() {
            for value in [point.x, point.y] {
                let fraction = UInt16(clamping: Int((min(max(value, 0), 1) * 65535).rounded()))
                bytes += [UInt8(fraction & 0xFF), UInt8(fraction >> 8)]
            }
            let start = index * LocalFeatures.length
            bytes += features.descriptors[start..<(start + LocalFeatures.length)]
        }
        return Data(bytes)
    }

    /// Reads bytes written by `data`; nil when they are not a descriptor of the current version.
    package init?(data: Data) {
        let bytes = [UInt8](data)
        let lumaCount = Self.lumaSide * Self.lumaSide
        let colourCount = Self.colourSide * Self.colourSide * 3
        let header = 8 + lumaCount + colourCount
        guard bytes.count >= header + 2, Array(bytes[0..<3]) == Self.magic, bytes[3] == Self.currentVersion else {
            return nil
        }
        let featureCount = Int(bytes[header]) | Int(bytes[header + 1]) << 8
        guard bytes.count == header + 2 + featureCount * Self.featureBytes else { return nil }
        let bits = bytes[4..<8].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let aspect = Float(bitPattern: bits)
        guard aspect.isFinite, aspect > 0.2, aspect < 5 else { return nil }
        version = bytes[3]
        self.aspect = aspect
        luma = Array(bytes[8..<(8 + lumaCount)])
        colour = Array(bytes[(8 + lumaCount)..<header])
        var points: [SIMD2<Float>] = []
        var descriptors: [UInt8] = []
        points.reserveCapacity(featureCount)
        descriptors.reserveCapacity(featureCount * LocalFeatures.length)
        var offset = header + 2
        for _ in 0..<featureCount {
            let x = Float(Int(bytes[offset]) | Int(bytes[offset + 1]) << 8) / 65535
            let y = Float(Int(bytes[offset + 2]) | Int(bytes[offset + 3]) << 8) / 65535
            points.append(SIMD2(x, y))
            descriptors += bytes[(offset + 4)..<(offset + Self.featureBytes)]
            offset += Self.featureBytes
        }
        features = LocalFeatures(points: points, descriptors: descriptors, aspect: aspect)
    }

    /// The luma thumbnail as a plane.
    var lumaPlane: GrayPlane { GrayPlane(width: Self.lumaSide, height: Self.lumaSide, bytes: luma) }
}
