/// Stage 2 of matching: adjusts a placement's four corners (a homography) to maximise gradient correlation.
///
/// Greedy coordinate search, halving the step when no move helps: eight corner coordinates plus whole-quad
/// shifts and scaling. It converges on perspective the coarse search cannot represent.
enum QuadRefiner {
    /// The refined quad (working-photo coordinates) and its correlation, on a `grid` × `grid` template with the photo
    /// resampled so the cover spans about as many pixels; `smooth` blurs both first (fine texture, last pass). Steps
    /// halve from `firstStep` down to `lastStep` grid pixels.
    static func refine(
        _ quad: Quad, photo luma: GrayPlane, template: GrayPlane, grid: Int = 32, firstStep: Float = 2,
        lastStep: Float = 0.25, smooth: Bool = false
    ) -> (quad: Quad, score: Float) {
        let factor = Float(grid) / max(quad.width, 1)
        var photo = luma.resized(
            width: Int((Float(luma.width) * factor).rounded()), height: Int((Float(luma.height) * factor).rounded()))
        var sized = template.resized(width: grid, height: grid)
        if smooth { (photo, sized) = (photo.smoothed(), sized.smoothed()) }
        let field = GradientField(template: sized, photo: photo)
        var current = quad.scaled(by: factor)
        var best = field.correlation(current)
        var step = firstStep
        var stepMoves = moves(step)
        while step >= lastStep {
            var improved = false
            for move in stepMoves {
                let candidate = Quad(corners: zip(current.corners, move).map { $0 + $1 })
                let score = field.correlation(candidate)
                if score > best {
                    best = score
                    current = candidate
                    improved = true
                }
            }
            if !improved {
                step /= 2
                stepMoves = moves(step)
            }
        }
        return (current.scaled(by: 1 / factor), best)
    }

    /// Corner offsets to try: each coordinate alone, the whole quad shifted, and the quad grown or shrunk.
    private static func moves(_ step: Float) -> [[SIMD2<Float>]] {
        var moves: [[SIMD2<Float>]] = []
        for sign: Float in [1, -1] {
            for corner in 0..<4 {
                for axis in 0..<2 {
                    var move = [SIMD2<Float>](repeating: .zero, count: 4)
                    move[corner][axis] = sign * step
                    moves.append(move)
                }
            }
            moves.append([SIMD2<Float>](repeating: SIMD2(sign * step, 0), count: 4))
            moves.append([SIMD2<Float>](repeating: SIMD2(0, sign * step), count: 4))
            let out: [SIMD2<Float>] = [SIMD2(-1, -1), SIMD2(1, -1), SIMD2(1, 1), SIMD2(-1, 1)]
            moves.append(out.map { $0 * sign * step })
        }
        return moves
    }
}

/// Template gradients and photo gradients, compared through a homography.
struct GradientField {
    let template: (x: GrayPlane, y: GrayPlane)
    let photo: (x: GrayPlane, y: GrayPlane)
    let templateNorm: Float

    init(template: GrayPlane, photo: GrayPlane) {
        self.template = template.gradients()
        self.photo = photo.gradients()
        templateNorm = zip(self.template.x.values, self.template.y.values)
            .reduce(Float(0)) { $0 + $1.0 * $1.0 + $1.1 * $1.1 }.squareRoot()
    }

    /// Normalised cross-correlation of the gradient vectors, template against the photo sampled inside `quad`.
    func correlation(_ quad: Quad) -> Float {
        let map = Homography(unitSquareTo: quad)
        let w = template.x.width
        let h = template.x.height
        let pw = photo.x.width
        let ph = photo.x.height
        // Lanes: template x · photo x, template y · photo y, photo x², photo y². Every lane of every vector here holds
        // a value: with scalars, the compiler packs pairs into four-lane registers whose spare lanes keep whatever an
        // earlier function left there, and a denormal left over costs a microcode assist on every multiply (measured:
        // 45 instead of 25 ms per comparison in the bench, whose pair generator leaves such values behind).
        var sums = SIMD4<Float>(repeating: 0)
        // Rows of the template map to lines in the photo: numerators and denominator step linearly along a row.
        let (du, dv) = (1 / Float(w), 1 / Float(h))
        let (maxX, maxY) = (Float(pw - 1), Float(ph - 1))
        let (lastX, lastY) = (max(pw - 2, 0), max(ph - 2, 0))
        let (right, down) = (pw > 1 ? 1 : 0, ph > 1 ? pw : 0)
        // One set of bilinear weights serves both gradient planes; this loop is most of the matcher's time.
        template.x.values.withUnsafeBufferPointer { tx in
            template.y.values.withUnsafeBufferPointer { ty in
                photo.x.values.withUnsafeBufferPointer { px in
                    photo.y.values.withUnsafeBufferPointer { py in
                        for j in 0..<h {
                            let v = (Float(j) + 0.5) * dv
                            let u0 = 0.5 * du
                            var nx = map.a * u0 + map.b * v + map.c
                            var ny = map.d * u0 + map.e * v + map.f
                            var nw = map.g * u0 + map.h * v + 1
                            let (sx, sy, sw) = (map.a * du, map.d * du, map.g * du)
                            let row = j * w
                            for i in 0..<w {
                                let r = 1 / nw
                                let x = min(max(nx * r - 0.5, 0), maxX)
                                let y = min(max(ny * r - 0.5, 0), maxY)
                                nx += sx
                                ny += sy
                                nw += sw
                                let x0 = min(Int(x), lastX)
                                let y0 = min(Int(y), lastY)
                                let fx = x - Float(x0)
                                let fy = y - Float(y0)
                                let a = y0 * pw + x0
                                let b = a + right
                                let c = a + down
                                let d = c + right
                                let weights = SIMD4(1 - fx, fx, 1 - fx, fx) * SIMD4(1 - fy, 1 - fy, fy, fy)
                                let gx = (SIMD4(px[a], px[b], px[c], px[d]) * weights).sum()
                                let gy = (SIMD4(py[a], py[b], py[c], py[d]) * weights).sum()
                                sums += SIMD4(tx[row + i], ty[row + i], gx, gy) * SIMD4(gx, gy, gx, gy)
                            }
                        }
                    }
                }
            }
        }
        let (dot, energy) = (sums[0] + sums[1], sums[2] + sums[3])
        return dot / (templateNorm * energy.squareRoot() + 1e-3)
    }
}
