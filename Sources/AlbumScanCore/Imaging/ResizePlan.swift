/// Size arithmetic for downscaling: the final target and the DCT pre-scale.
public enum ResizePlan {
    /// `width`×`height` scaled so the longest side is at most `maxSide`, aspect kept, rounded, never upscaled, at least 1.
    public static func targetSize(width: Int, height: Int, maxSide: Int) -> (width: Int, height: Int) {
        let limit = max(maxSide, 1)
        let longest = max(width, height)
        guard longest > limit else { return (max(width, 1), max(height, 1)) }
        let shortScaled = { (side: Int) in max(1, (side * limit + longest / 2) / longest) }
        return width >= height ? (limit, shortScaled(height)) : (shortScaled(width), limit)
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
}
