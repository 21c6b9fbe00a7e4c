/// The box a decoded image must fit in, whichever way round it is.
package struct ResizeBounds: Sendable, Equatable {
    /// Most pixels on the longer side.
    package var maxLongSide: Int
    /// Most pixels on the shorter side.
    package var maxShortSide: Int
    /// Whether a libjpeg-turbo DCT-scaled size a few percent off the exact fit may stand in for it, skipping the resample.
    package var snapsToDCT: Bool
    /// Most pixels in all (width × height), when a model's budget is an area as well as sides; nil for none.
    package var maxArea: Int?

    /// Creates bounds; `snapsToDCT` defaults to an exact fit.
    package init(maxLongSide: Int, maxShortSide: Int, snapsToDCT: Bool = false, maxArea: Int? = nil) {
        self.maxLongSide = maxLongSide
        self.maxShortSide = maxShortSide
        self.snapsToDCT = snapsToDCT
        self.maxArea = maxArea
    }
}
