import AlbumScanCore
import AlbumScanTestSupport
import Foundation

/// Group `barcode`: what reading barcodes costs a photo that has none. "Not noticeable" is taken as at most 10 ms
/// (a model call takes seconds); the photo's own image prep is shown beside it for scale.
struct BarcodeBench {
    var photos = 40

    func rows() throws -> [BenchRow] {
        let set = QualityEvalSet(imagery: MatchEvalSet.syntheticImagery(), seed: QualityBench.heldOutSeed)
        var prep: [Double] = []
        var upright: [Double] = []
        var rotated: [Double] = []
        var found = 0
        for index in 0..<photos {
            let photo = try set.photo(.sharp, index)
            let jpeg = try JPEGEncoder.encodeRGB(photo.pixels, width: photo.width, height: photo.height, quality: 92)
            let plane = try time(&prep) {
                try LuminancePlane.of(ImagePrep.prepareUpload(jpeg, limits: ImageLimits()), limits: ImageLimits())
            }
            found += time(&rotated) { BarcodeReader.read(plane, rotated: true) }.count
            found += time(&upright) { BarcodeReader.read(plane) }.count
        }
        let sleeve = try LuminancePlane.of(
            ImagePrep.prepareUpload(BarcodeSleeve.jpeg(digits: "5012345678900"), limits: ImageLimits()), limits: ImageLimits())
        var sleeveTimes: [Double] = []
        let read = time(&sleeveTimes) { BarcodeReader.read(sleeve) }.map(\.digits)
        let median = { (values: [Double]) in values.sorted()[values.count / 2] }
        return [
            BenchRow(
                name: "14. barcode read, photo without", value: median(rotated), baseline: median(prep), unit: "s",
                target: 0.010, absolute: true,
                note:
                    "\(photos) photos up to 1024 px, rows and columns as scans read them; baseline: their prep; \(found) false reads"
            ),
            BenchRow(
                name: "    upright symbols only", value: median(upright), baseline: median(prep), unit: "s",
                target: .infinity, note: "informational"),
            BenchRow(
                name: "    sleeve with an EAN-13", value: median(sleeveTimes), baseline: .nan, unit: "s", target: .infinity,
                note: read == ["5012345678900"] ? "read 5012345678900" : "NOT READ: \(read)"),
        ]
    }

    private func time<T>(_ into: inout [Double], _ body: () throws -> T) rethrows -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        let value = try body()
        into.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        return value
    }
}
