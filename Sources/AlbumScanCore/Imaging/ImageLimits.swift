/// Bounds on what the image decoder accepts, checked before pixels are allocated.
public struct ImageLimits: Sendable, Equatable {
    /// Largest accepted width × height of the source image.
    public var maxPixels: Int
    /// Longest side of the image sent to the model.
    public var uploadMaxSide: Int
    /// Most progressive scans (SOS markers) accepted.
    public var maxScans: Int

    public init(maxPixels: Int = 100_000_000, uploadMaxSide: Int = 1024, maxScans: Int = 100) {
        self.maxPixels = maxPixels
        self.uploadMaxSide = uploadMaxSide
        self.maxScans = maxScans
    }
}
