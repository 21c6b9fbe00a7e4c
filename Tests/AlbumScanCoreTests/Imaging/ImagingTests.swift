import Testing

/// Parent suite so `swift test --filter Imaging` selects every image-prep test.
@Suite("Imaging") enum ImagingTests {}
