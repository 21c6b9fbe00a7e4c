import Foundation

extension ScanPipeline {
    /// The refusal for a photo not worth a model call, or nil; with the check off, a problem is only logged.
    func qualityRefusal(_ measures: QualityMeasures, warnings: [String]) -> AlbumScanError? {
        environment.log(
            "quality: sharpness \(measures.sharpness.map { String(format: "%.3f", $0) } ?? "not judged") over "
                + "\(measures.edgePixels) edge px, of any colour \(measures.colourSharpness.map { String(format: "%.3f", $0) } ?? "not judged") "
                + "(\(measures.colourEdgePixels) colour edge px), edge contrast \(measures.edgeContrast), bright \(measures.brightLevel), "
                + "mean \(Int(measures.meanLevel)), short side \(measures.shortSide) px")
        // A JPEG whose data ends early decodes with its bottom grey: the model would see half a sleeve.
        let cutShort = warnings.contains { $0.hasPrefix("Premature end of JPEG file") }
        guard let problem = cutShort ? .truncated : QualityJudge.problem(measures) else { return nil }
        guard environment.settings.qualityCheck else {
            environment.log("quality: \(problem.message) (sent anyway: the check is off)")
            return nil
        }
        return .photoQuality(problem.message)
    }
}
