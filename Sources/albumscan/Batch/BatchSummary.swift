import AlbumScanApp
import AlbumScanCore

/// What a batch came to: its photos by outcome, and the identified ones that cost no model call, by method.
struct BatchSummary: Equatable {
    var photos = 0
    var identified = 0
    /// Identified with no model call: local, barcode, duplicate.
    var free: [IdentificationMethod: Int] = [:]
    var unidentified = 0
    var failed = 0
    /// Photos not scanned: already scanned before, or left when the batch stopped or was interrupted.
    var skipped = 0
    /// Photos skipped as already scanned on which the run's shop fields were set.
    var shopFieldsSet = 0

    /// The batch of `photos` inputs whose scans ended as `results`; the inputs without a result were skipped.
    init(photos: Int, results: [ScanResult]) {
        self.photos = photos
        for result in results {
            switch result.status {
            case .identified:
                identified += 1
                if let method = result.identification?.method, !method.usesModel { free[method, default: 0] += 1 }
            case .unidentified: unidentified += 1
            case .failed: failed += 1
            case .skipped:
                skipped += 1
                if result.skipped?.shopFieldsSet == true { shopFieldsSet += 1 }
            }
        }
        skipped += max(0, photos - results.count)
    }

    init(
        photos: Int, identified: Int, free: [IdentificationMethod: Int] = [:], unidentified: Int = 0, failed: Int = 0,
        skipped: Int = 0
    ) {
        (self.photos, self.identified, self.free) = (photos, identified, free)
        (self.unidentified, self.failed, self.skipped) = (unidentified, failed, skipped)
    }

    /// Identified photos that cost no model call.
    var freeCount: Int { free.values.reduce(0, +) }
}
