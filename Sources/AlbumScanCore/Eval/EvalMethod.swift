/// How an identified scan found its album, as the eval report breaks accuracy down.
package enum EvalMethod {
    /// `identification.method` of an identified result (`model`, `search`, `local`, `barcode`, `duplicate`); nil for
    /// a scan that named no album.
    package static func of(_ result: ScanResult) -> String? {
        guard result.status == .identified, let identification = result.identification else { return nil }
        return identification.method.rawValue
    }
}
