import Foundation

/// The contract every image fuzz target checks: `prepareUpload` returns an upload within bounds, or rejects the
/// input with `.invalidImage` and a one-line reason; nothing else may happen.
func checkPrepareUpload(_ data: Data) {
    // Small limits keep each run cheap.
    let limits = ImageLimits(maxPixels: 4_000_000, uploadMaxSide: 256, maxScans: 100)
    do {
        let prepared = try ImagePrep.prepareUpload(data, limits: limits)
        guard max(prepared.width, prepared.height) <= limits.uploadMaxSide, (1...8).contains(prepared.orientation),
            prepared.jpeg.starts(with: [0xFF, 0xD8])
        else {
            fatalError("prepareUpload broke its contract: \(prepared.width)x\(prepared.height) o\(prepared.orientation)")
        }
    } catch let error as AlbumScanError {
        guard case .invalidImage(let message) = error, !message.isEmpty, !message.contains("\n") else {
            fatalError("unexpected rejection: \(error)")
        }
    } catch {
        fatalError("non-AlbumScanError thrown: \(error)")
    }
}
