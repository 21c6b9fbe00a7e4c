/// Size arithmetic for downscaling: the final target, the DCT pre-scale, and whether a resample follows.
package enum ResizePlan {
    /// How far a DCT-scaled size may be from the exact fit, per axis, and still be sent as is.
    static let snapTolerance = 0.03

    /// `width`×`height` scaled so the longest side is at most `maxSide`, aspect kept, rounded, never upscaled, at least 1.
    package static func targetSize(width: Int, height: Int, maxSide: Int) -> (width: Int, height: Int) {
        fitSize(width: width, height: height, bounds: ResizeBounds(maxLongSide: maxSide, maxShortSide: maxSide))
    }

    /// `width`×`height` scaled so the long side is at most `bounds.maxLongSide` and the short side at most
    /// `bounds.maxShortSide`, aspect kept, rounded, never upscaled, at least 1.
    package static func fitSize(width: Int, height: Int, bounds: ResizeBounds) -> (width: Int, height: Int) {
        let maxLong = max(bounds.maxLongSide, 1), maxShort = max(bounds.maxShortSide, 1)
        let long = max(width, height), short = min(width, height)
        guard long > maxLong || short > maxShort else { return areaFit(width: width, height: height, bounds: bounds) }
        let scale = { (side: Int, limit: Int, of: Int) in max(1, (side * limit + of / 2) / of) }
        // Whichever side hits its limit first sets the scale; the other side then lands inside its own.
        let fitted =
            maxLong * short <= maxShort * long
            ? (long: maxLong, short: scale(short, maxLong, long)) : (long: scale(long, maxShort, short), short: maxShort)
        let sized = width >= height ? (fitted.long, fitted.short) : (fitted.short, fitted.long)
        return areaFit(width: sized.0, height: sized.1, bounds: bounds)
    }

    /// `width`×`height` scaled down, aspect kept, until it holds at most `bounds.maxArea` pixels (when set).
    static func areaFit(width: Int, height: Int, bounds: ResizeBounds) -> (width: Int, height: Int) {
        let (width, height) = (max(width, 1), max(height, 1))
        guard let area = bounds.maxArea, area > 0, width * height > area else { return (width, height) }
        let factor = (Double(area) / Double(width * height)).squareRoot()
        var (fittedWidth, fittedHeight) = (max(1, Int(Double(width) * factor)), max(1, Int(Double(height) * factor)))
        while fittedWidth * fittedHeight > area, fittedWidth + fittedHeight > 2 {
            if fittedWidth >= fittedHeight { fittedWidth -= 1 } else { fittedHeight -= 1 }
        }
        return (fittedWidth, fittedHeight)
    }

    /// The size TurboJPEG produces for `dim` at scaling factor `num`/`denom` (the TJSCALED macro).
    static func scaled(_ dim: Int, num: Int, denom: Int) -> Int {
        (dim * num + denom - 1) / denom
    }

    /// The smallest factor at or below 1/1 whose output still covers `target` on both axes, so only downscaling follows.
    static func dctFactor(
        width: Int, height: Int, target: (width: Int, height: Int), factors: [(num: Int, denom: Int)]
    ) -> (num: Int, denom: Int) {
        var best = (num: 1, denom: 1)
        for factor in factors where factor.num * best.denom < best.num * factor.denom {
            guard factor.num > 0, factor.denom > 0 else { continue }
            let w = scaled(width, num: factor.num, denom: factor.denom)
            let h = scaled(height, num: factor.num, denom: factor.denom)
            if w >= target.width && h >= target.height { best = factor }
        }
        return best
    }

    /// How to decode a `width`×`height` JPEG to fit `bounds`. When `bounds.snapsToDCT`, the factor whose output is
    /// nearest the exact fit is used as is if it lies within `snapTolerance` of it and inside `bounds`; otherwise the
    /// smallest factor covering the exact fit is followed by a box resample to it.
    static func choose(
        width: Int, height: Int, bounds: ResizeBounds, factors: [(num: Int, denom: Int)]
    ) -> ScaleChoice {
        let target = fitSize(width: width, height: height, bounds: bounds)
        if bounds.snapsToDCT, let snapped = snap(width: width, height: height, target: target, bounds: bounds, factors: factors) {
            return snapped
        }
        let factor = dctFactor(width: width, height: height, target: target, factors: factors)
        return ScaleChoice(
            num: factor.num, denom: factor.denom, decodedWidth: scaled(width, num: factor.num, denom: factor.denom),
            decodedHeight: scaled(height, num: factor.num, denom: factor.denom), width: target.width, height: target.height)
    }

    /// The downscaling factor whose output is nearest `target`, if within `snapTolerance` of it and inside `bounds`.
    static func snap(
        width: Int, height: Int, target: (width: Int, height: Int), bounds: ResizeBounds, factors: [(num: Int, denom: Int)]
    ) -> ScaleChoice? {
        let long = max(bounds.maxLongSide, 1), short = max(bounds.maxShortSide, 1)
        var best: (choice: ScaleChoice, distance: Double)?
        for factor in factors where factor.num > 0 && factor.denom > 0 && factor.num <= factor.denom {
            let w = scaled(width, num: factor.num, denom: factor.denom)
            let h = scaled(height, num: factor.num, denom: factor.denom)
            guard max(w, h) <= long, min(w, h) <= short, w * h <= bounds.maxArea ?? Int.max else { continue }
            let distance = max(
                abs(Double(w - target.width)) / Double(target.width), abs(Double(h - target.height)) / Double(target.height))
            guard distance <= snapTolerance, distance < best?.distance ?? .infinity else { continue }
            let choice = ScaleChoice(
                num: factor.num, denom: factor.denom, decodedWidth: w, decodedHeight: h, width: w, height: h)
            best = (choice, distance)
        }
        return best?.choice
    }
}
