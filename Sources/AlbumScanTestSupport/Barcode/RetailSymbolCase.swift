import AlbumScanCore
import Foundation

/// One generated retail barcode picture for the reader's fuzz run and its regression corpus: a symbol of a kind,
/// drawn `moduleWidth` px a module on a grey field, turned by `angle` degrees, blurred, and possibly cut.
///
/// A case prints as one line (`ean13 5012345000312 side=900 module=3.0 angle=0 blur=0 cut=0`) and parses back from
/// it, so a case that ever crashed the reader can be kept in a text file and drawn again pixel for pixel.
package struct RetailSymbolCase: Sendable, Equatable, CustomStringConvertible {
    package var kind: RetailBarcode.Kind
    package var digits: String
    package var side: Int
    package var moduleWidth: Double
    package var angle: Double
    /// Box-blur radius in px (applied twice, roughly a Gaussian of that size); 0 is sharp.
    package var blur: Int
    /// The share of the symbol's width cut off at its right end; 0 keeps the symbol and its quiet zones whole.
    package var cut: Double

    package init(kind: RetailBarcode.Kind, digits: String, side: Int, moduleWidth: Double, angle: Double, blur: Int, cut: Double)
    {
        self.kind = kind
        self.digits = digits
        self.side = side
        self.moduleWidth = moduleWidth
        self.angle = angle
        self.blur = blur
        self.cut = cut
    }

    /// What the reader must find when it can be expected to: sharp, whole, big enough modules, bars near an axis
    /// (a row or column scan then crosses every bar within the bars' height).
    package var plainlyReadable: Bool {
        let offAxis = abs(angle.truncatingRemainder(dividingBy: 90))
        return blur == 0 && cut == 0 && moduleWidth >= 2 && min(offAxis, 90 - offAxis) <= 8
    }

    package var description: String {
        let kindName: String =
            switch kind {
            case .ean13: "ean13"
            case .upcA: "upca"
            case .ean8: "ean8"
            }
        return "\(kindName) \(digits) side=\(side) module=\(String(format: "%.2f", moduleWidth)) "
            + "angle=\(String(format: "%.1f", angle)) blur=\(blur) cut=\(String(format: "%.2f", cut))"
    }

    /// Parses a line printed by `description`; nil for anything else (blank lines and `#` comments included).
    package init?(line: Substring) {
        let words = line.split(separator: " ")
        guard words.count == 7 else { return nil }
        let kinds: [Substring: RetailBarcode.Kind] = ["ean13": .ean13, "upca": .upcA, "ean8": .ean8]
        var values: [Substring: Substring] = [:]
        for word in words.dropFirst(2) {
            let pair = word.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { return nil }
            values[pair[0]] = pair[1]
        }
        guard let kind = kinds[words[0]], RetailBarcode(String(words[1]))?.kind == kind,
            let side = values["side"].flatMap({ Int($0) }), let module = values["module"].flatMap({ Double($0) }),
            let angle = values["angle"].flatMap({ Double($0) }), let blur = values["blur"].flatMap({ Int($0) }),
            let cut = values["cut"].flatMap({ Double($0) })
        else { return nil }
        self.init(kind: kind, digits: String(words[1]), side: side, moduleWidth: module, angle: angle, blur: blur, cut: cut)
    }

    /// A random case: any of the three kinds with a valid check digit, modules 1-5 px, any turn, some blurred or cut.
    package static func random(using random: inout SeededRandom) -> RetailSymbolCase {
        let kind: RetailBarcode.Kind = [.ean13, .upcA, .ean8][Int.random(in: 0..<3, using: &random)]
        let length = kind == .ean8 ? 7 : kind == .upcA ? 11 : 12
        var payload = (0..<length).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
        if kind == .ean13, payload.hasPrefix("0") { payload = "5" + payload.dropFirst() }  // else it reads as UPC-A
        let digits = payload + String(RetailBarcode.checkDigit(of: payload) ?? 0)
        let moduleWidth = [1.0, 1.5, 2, 2.5, 3, 4, 5][Int.random(in: 0..<7, using: &random)]
        let upright = Double(90 * Int.random(in: 0..<4, using: &random))
        let angle =
            Bool.random(using: &random)
            ? upright + Double.random(in: -6...6, using: &random) : Double.random(in: 0..<360, using: &random)
        let symbolWidth = Double(modules(kind: kind, digits: digits).count + 22) * moduleWidth
        let side = Int(symbolWidth * Double.random(in: 1.15...2.5, using: &random)) + 16
        let blur = Int.random(in: 0..<4, using: &random) == 0 ? Int.random(in: 1...3, using: &random) : 0
        let cut = Int.random(in: 0..<6, using: &random) == 0 ? Double.random(in: 0.05...0.5, using: &random) : 0
        return RetailSymbolCase(
            kind: kind, digits: digits, side: side, moduleWidth: moduleWidth, angle: (angle * 10).rounded() / 10, blur: blur,
            cut: (cut * 100).rounded() / 100)
    }

    /// The bars as modules, dark = true: EAN-13 and UPC-A (an EAN-13 with a leading 0) or EAN-8.
    static func modules(kind: RetailBarcode.Kind, digits: String) -> [Bool] {
        switch kind {
        case .ean13: EAN13Pattern.modules(digits) ?? []
        case .upcA: EAN13Pattern.modules("0" + digits) ?? []
        case .ean8: EAN13Pattern.ean8Modules(digits) ?? []
        }
    }

    /// The picture: a grey field, a white label holding the symbol and its quiet zones, turned about the centre.
    package func plane() -> LuminancePlane {
        let bars = Self.modules(kind: kind, digits: digits)
        let quiet = 11.0
        let labelWidth = (Double(bars.count) + 2 * quiet) * moduleWidth
        let barHeight = max(labelWidth * 0.45, 24)
        let labelHeight = barHeight + 8 * moduleWidth
        let keptWidth = labelWidth * (1 - cut)
        let centre = Double(side) / 2
        let (sine, cosine) = (sin(angle * .pi / 180), cos(angle * .pi / 180))
        var values = [UInt8](repeating: 0, count: side * side)
        for y in 0..<side {
            for x in 0..<side {
                // Into the label's frame: undo the turn about the centre.
                let dx = Double(x) + 0.5 - centre
                let dy = Double(y) + 0.5 - centre
                let u = cosine * dx + sine * dy + labelWidth / 2
                let v = -sine * dx + cosine * dy + labelHeight / 2
                var level: UInt8 = 96 + UInt8((x / 7 + y / 11) % 24)  // a faintly textured field
                if u >= 0, u < keptWidth, v >= 0, v < labelHeight {
                    level = 245
                    let module = Int((u / moduleWidth - quiet).rounded(.down))
                    if v >= 4 * moduleWidth, v < 4 * moduleWidth + barHeight, module >= 0, module < bars.count, bars[module] {
                        level = 20
                    }
                }
                values[y * side + x] = level
            }
        }
        for _ in 0..<(blur > 0 ? 2 : 0) { values = Self.boxBlurred(values, side: side, radius: blur) }
        return LuminancePlane(width: side, height: side, values: values)
    }

    /// A separable box blur of `radius` px, edges clamped.
    static func boxBlurred(_ values: [UInt8], side: Int, radius: Int) -> [UInt8] {
        let span = 2 * radius + 1
        func pass(_ input: [UInt8], horizontal: Bool) -> [UInt8] {
            var output = input
            for line in 0..<side {
                for position in 0..<side {
                    var sum = 0
                    for offset in -radius...radius {
                        let p = min(max(position + offset, 0), side - 1)
                        sum += Int(horizontal ? input[line * side + p] : input[p * side + line])
                    }
                    output[horizontal ? line * side + position : position * side + line] = UInt8(sum / span)
                }
            }
            return output
        }
        return pass(pass(values, horizontal: true), horizontal: false)
    }
}
