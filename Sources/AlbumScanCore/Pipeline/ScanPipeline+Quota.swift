import Foundation

extension ScanPipeline {
    // The scan row is written first and names its reservation; the charge follows. If the charge cannot be
    // written (a full disk), the row is taken back, so a scan is kept exactly when it is charged. Should taking
    // it back fail too, the reservation stays behind and the next run's keyring settles it as charged.
    /// Commits the quota for a saved scan the model identified, or releases it for any other outcome: the quota
    /// meters model spend, so a scan named with no model call (a barcode, say) is free.
    func settle(_ result: ScanResult, reservation: Reservation, store: AlbumStore) async -> ScanResult {
        guard result.status == .identified, let scanId = result.scanId, result.identification?.method.usesModel ?? true
        else {
            do {
                try await environment.offload { [keyring] in try keyring.release(reservation) }
            } catch {
                environment.log("keyring: could not release the reservation: \(error)")
            }
            return result
        }
        do {
            try await environment.offload { [keyring] in try keyring.commit(reservation) }
            return result
        } catch {
            let why = (error as? AlbumScanError)?.message ?? "\(error)"
            // Whether the row could be taken back decides which of the two storage errors below is true.
            var pending = "scan \(scanId) is saved but its quota charge is pending (\(why))"
            do {
                if try await store.deleteScan(id: scanId) {
                    let message = "could not charge the scan to the quota, so it was not kept: \(why)"
                    return .failed(file: result.file, .storage(message))
                }
            } catch {
                pending += ", and it could not be taken back (\((error as? AlbumScanError)?.message ?? "\(error)"))"
            }
            return .failed(file: result.file, .storage(pending + "; the next run settles it"))
        }
    }
}
