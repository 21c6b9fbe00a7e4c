import AlbumScanMatching
import Testing

@testable import AlbumScanCore

extension ImagingTests {
    @Suite("Box resize")
    struct BoxResizeTests {
        @Test("2:1 averages each 2x2 block")
        func halves() {
            let gray: [UInt8] = [0, 20, 100, 100, 40, 60, 100, 100, 10, 10, 0, 255, 10, 10, 0, 255]
            let image = DecodedRGB(pixels: gray.flatMap { [$0, $0, $0] }, width: 4, height: 4)
            let out = BoxResize.resize(image, width: 2, height: 2)
            #expect(out.pixels == [30, 100, 10, 128].flatMap { [$0, $0, $0] })
        }

        @Test("3 to 2 weights partly covered pixels by area")
        func fractional() {
            let image = DecodedRGB(pixels: [0, 0, 0, 90, 90, 90, 180, 180, 180], width: 3, height: 1)
            let out = BoxResize.resize(image, width: 2, height: 1)
            #expect(out.pixels == [30, 30, 30, 150, 150, 150])
        }

        @Test("weights sum to one", arguments: [(1512, 1024), (1134, 768), (7, 3), (5, 5), (600, 500)])
        func weights(source: Int, target: Int) {
            let taps = BoxResize.AxisTaps(source: source, target: target)
            #expect(taps.count.count == target)
            for i in 0..<target {
                let shares = taps.weights[taps.offset[i]..<taps.offset[i] + taps.count[i]]
                #expect(abs(shares.reduce(0, +) - 1) < 1e-4)
                #expect(taps.first[i] >= 0 && taps.first[i] + taps.count[i] <= source)
            }
        }

        @Test("channels stay separate")
        func channels() {
            let image = DecodedRGB(pixels: (0..<16).flatMap { _ in [200, 10, 90] as [UInt8] }, width: 4, height: 4)
            let out = BoxResize.resize(image, width: 3, height: 1)
            #expect(out.width == 3 && out.height == 1)
            #expect(out.pixels == [200, 10, 90, 200, 10, 90, 200, 10, 90])
        }

        @Test(
            "a byte rounds as rounded() does, half away from zero, clamped",
            arguments: [
                -3, 0, 0.2, 0.5, 0.49999997, 1.5, 2.5, 127.49999, 127.5, 200.75, 254.49998, 254.5, 254.99998, 255,
                255.4, 300,
            ] as [Float])
        func roundedByte(value: Float) {
            #expect(BoxResize.roundedByte(value) == UInt8(min(max(value.rounded(), 0), 255)))
        }

        @Test("every quarter step from 0 to 256 rounds as rounded() does")
        func roundedBytesSweep() {
            for step in 0...1024 {
                let value = Float(step) / 4
                #expect(BoxResize.roundedByte(value) == UInt8(min(max(value.rounded(), 0), 255)))
            }
        }
    }
}
