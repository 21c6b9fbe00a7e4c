import Foundation

/// A photo of a record sleeve's back, as far as pinning a release needs it: its name and the retail barcodes read
/// on it (EAN-13, UPC-A, EAN-8, check digit verified). Reading one that shows no barcode is `noBarcode`, with what
/// to photograph instead.
package struct SleeveBack: Sendable, Equatable {
    /// The photo's name as given (a path on the CLI, the upload's name on `serve`).
    package var name: String
    /// Every barcode read, in reading order, at least one.
    package var barcodes: [RetailBarcode]

    package init(name: String, barcodes: [RetailBarcode]) {
        self.name = name
        self.barcodes = barcodes
    }

    /// The sizes a back is read at: the upload's (as a front's barcode is read), then, when that found nothing in a
    /// larger photo, the photo as taken (up to 4,096 px a side, a 12 MP phone photo whole), where a small barcode's
    /// bars are still apart: 2 px a module in a 2,400 px photo is lost at 768 px, and at 2,048 px too once resampled.
    static func bounds(_ limits: ImageLimits) -> [ResizeBounds] {
        [limits.uploadBounds, ResizeBounds(maxLongSide: fullSide, maxShortSide: fullSide)]
    }

    /// The largest side a back is read at.
    static let fullSide = 4_096

    /// Reads the back photo at `file` (JPEG, PNG or HEIC, by content).
    package static func read(_ file: InputPath, environment: AppEnvironment) async throws -> SleeveBack {
        let limits = environment.settings.imageLimits
        let bytes = try await environment.offload { try InputFile.read(file, limits: limits) }
        return try await read(bytes, name: file.name, environment: environment)
    }

    /// Reads a back photo's bytes.
    package static func read(_ bytes: Data, name: String, environment: AppEnvironment) async throws -> SleeveBack {
        let limits = environment.settings.imageLimits
        let barcodes: [RetailBarcode]
        do {
            barcodes = try await environment.compute { try barcodesIn(bytes, limits: limits) }
        } catch let error as AlbumScanError {
            throw error
        } catch {
            throw AlbumScanError.invalidImage("cannot read the back's photo \(SafeText.clean(name)): \(error)")
        }
        for barcode in barcodes { environment.log("back: read \(barcode.kind.rawValue) \(barcode.digits) on \(name)") }
        guard !barcodes.isEmpty else {
            throw AlbumScanError.noBarcode(
                "no barcode could be read on the back (\(SafeText.clean(name))); photograph the barcode itself, "
                    + "sharp, straight on and filling a third of the frame, then try again")
        }
        return SleeveBack(name: name, barcodes: barcodes)
    }

    /// The barcodes in the photo, at the upload's size and, when none shows there, at a larger one.
    static func barcodesIn(_ bytes: Data, limits: ImageLimits) throws -> [RetailBarcode] {
        var largest = 0
        for bounds in bounds(limits) {
            let decoded = try ImageDecoder.decode(bytes, bounds: bounds, limits: limits)
            let side = max(decoded.image.width, decoded.image.height)
            // The photo is no larger than the last size read: a bigger box decodes the same pixels.
            guard side > largest else { break }
            largest = side
            let found = BarcodeReader.read(LuminancePlane(rgb: decoded.image), rotated: true)
            if !found.isEmpty { return found }
        }
        return []
    }
}
