import Synchronization
import Foundation

/// An upright decoded image as packed RGB, 3 bytes per pixel, rows top to bottom.
package struct DecodedRGB: Sendable, Equatable {
    /// Packed RGB samples, `width * height * 3` bytes.
    package let pixels: [UInt8]
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int
    /// The photo's SIFT features, computed by the first comparison and shared by the scan's later ones.
    let features = ComputedOnce<LocalFeatures>()
    /// The photo's working planes (its longest side `2 × ImageMatcher.workingSide`), likewise.
    let workingPlanes = ComputedOnce<ColourPlanes>()

    /// Wraps packed RGB samples; `pixels.count` must be `width * height * 3`.
    package init(pixels: [UInt8], width: Int, height: Int) {
        self.pixels = pixels
        self.width = width
        self.height = height
    }

    package static func == (lhs: DecodedRGB, rhs: DecodedRGB) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.pixels == rhs.pixels
    }
}

/// A value computed once per decoded image, whichever comparison asks first.
final class ComputedOnce<Value: Sendable>: Sendable {
    private let stored = Mutex<Value?>(nil)

    func value(_ compute: () -> Value) -> Value {
        stored.withLock { stored in
            if let stored { return stored }
            let computed = compute()
            stored = computed
            return computed
        }
    }
}
