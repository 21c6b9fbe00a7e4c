import AlbumScanTestSupport
import CMatchingKernels
import Testing

/// The column convolution libvl's SIFT calls is ours (`Sources/CMatchingKernels`): it must give libvl's own
/// results bit for bit, or the features, and every rate measured on them, would move.
@Suite struct ColumnConvolutionTests {
    struct Case: Sendable, CustomStringConvertible {
        var width: Int
        var height: Int
        var radius: Int
        var step: Int32
        var flags: UInt32
        var description: String { "\(width)x\(height) radius \(radius) step \(step) flags \(flags)" }
    }

    static let cases: [Case] = [
        Case(width: 400, height: 300, radius: 5, step: 1, flags: UInt32(VL_PAD_BY_CONTINUITY | VL_TRANSPOSE)),
        Case(width: 300, height: 400, radius: 9, step: 1, flags: UInt32(VL_PAD_BY_CONTINUITY | VL_TRANSPOSE)),
        Case(width: 301, height: 257, radius: 6, step: 2, flags: UInt32(VL_PAD_BY_ZERO)),
        Case(width: 257, height: 301, radius: 3, step: 1, flags: UInt32(VL_PAD_BY_ZERO | VL_TRANSPOSE)),
        Case(width: 37, height: 19, radius: 12, step: 1, flags: UInt32(VL_PAD_BY_CONTINUITY | VL_TRANSPOSE)),
        Case(width: 64, height: 50, radius: 4, step: 2, flags: UInt32(VL_PAD_BY_CONTINUITY)),
        Case(width: 64, height: 51, radius: 4, step: 3, flags: UInt32(VL_PAD_BY_ZERO | VL_TRANSPOSE)),
        Case(width: 5, height: 3, radius: 7, step: 1, flags: UInt32(VL_PAD_BY_ZERO)),
        Case(width: 1, height: 1, radius: 2, step: 1, flags: UInt32(VL_PAD_BY_CONTINUITY)),
    ]

    @Test(arguments: cases)
    func givesLibvlsResultsBitForBit(_ item: Case) throws {
        let library = try #require(albumscan_library_imconvcol_vf(), "libvl's own vl_imconvcol_vf")
        var random = SeededRandom(seed: UInt64(item.width * 1000 + item.height))
        // Values and taps of both signs, as a scale space's differences have.
        let source = (0..<(item.width * item.height)).map { _ in Float(random.uniform(-1...1)) }
        let filter = (0...(2 * item.radius)).map { _ in Float(random.uniform(-0.2...0.8)) }
        let rows = (item.height - 1) / Int(item.step) + 1
        let transposed = item.flags & UInt32(VL_TRANSPOSE) != 0
        let stride = transposed ? rows : item.width
        func run(_ convolve: albumscan_vl_imconvcol_vf_t) -> [Float] {
            var result = [Float](repeating: .nan, count: item.width * rows)
            result.withUnsafeMutableBufferPointer { out in
                source.withUnsafeBufferPointer { input in
                    filter.withUnsafeBufferPointer { taps in
                        convolve(
                            out.baseAddress, vl_size(stride), input.baseAddress, vl_size(item.width),
                            vl_size(item.height), vl_size(item.width), taps.baseAddress, vl_index(-item.radius),
                            vl_index(item.radius), item.step, item.flags)
                    }
                }
            }
            return result
        }
        let (ours, theirs) = (run(vl_imconvcol_vf), run(library))
        let differing = zip(ours, theirs).filter { $0.bitPattern != $1.bitPattern }.count
        #expect(differing == 0, "\(differing) of \(ours.count) outputs differ from libvl's")
        #expect(!ours.contains { $0.isNaN }, "every output written")
    }
}
