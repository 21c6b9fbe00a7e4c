import Foundation

/// SplitMix64: a small deterministic generator, so every evaluation set is the same for the same seed.
package struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator that always yields the same sequence for `seed`.
    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in `range`.
    package mutating func uniform(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self) }

    /// A standard normal value (Box-Muller).
    package mutating func gaussian() -> Double {
        let u = max(uniform(0...1), 1e-12)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * uniform(0...1))
    }
}
