/// Bounds on what the image decoder accepts, checked before pixels are allocated.
package struct ImageLimits: Sendable, Equatable {
    /// Largest accepted width × height of the source image.
    package var maxPixels: Int
    /// Longest side of the image sent to the model.
    package var uploadMaxSide: Int
    /// Shortest side of the image sent to the model: OpenAI's `detail: high` sees no more than 768 px there.
    package var uploadMaxShortSide: Int
    /// Most pixels (width × height) of the image sent to the model, for models that budget by area; nil for none.
    package var uploadMaxArea: Int?
    /// Most progressive scans (SOS markers) accepted.
    package var maxScans: Int

    package init(maxPixels: Int = 100_000_000, uploadMaxSide: Int = 1024, uploadMaxShortSide: Int = 768, maxScans: Int = 100) {
        self.maxPixels = maxPixels
        self.uploadMaxSide = uploadMaxSide
        self.uploadMaxShortSide = uploadMaxShortSide
        self.maxScans = maxScans
    }

    /// The upload's bounds; a DCT-scaled size within a few percent of them is sent without a resample.
    var uploadBounds: ResizeBounds {
        ResizeBounds(maxLongSide: uploadMaxSide, maxShortSide: uploadMaxShortSide, snapsToDCT: true, maxArea: uploadMaxArea)
    }
}
