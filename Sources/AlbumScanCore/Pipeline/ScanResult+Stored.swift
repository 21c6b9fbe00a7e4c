extension ScanResult {
    /// A stored scan in the same shape `scan` printed, for `show`.
    package init(stored: StoredScan) {
        self.init(
            file: stored.fileName, status: .identified, scanId: stored.id, scannedAt: stored.scannedAt, album: stored.album,
            identification: .init(
                calls: stored.calls, searchGate: stored.searchGate, method: stored.method, duplicateOf: stored.duplicateOf),
            artwork: .init(
                status: stored.artworkStatus, url: stored.artworkURL,
                reason: stored.artworkReason.map { Problem(code: $0, message: ScanResult.incompleteMessage) }),
            review: .init(status: stored.reviewStatus, review: stored.review), verification: stored.verification,
            shop: stored.shop)
        version = stored.version
    }
}
