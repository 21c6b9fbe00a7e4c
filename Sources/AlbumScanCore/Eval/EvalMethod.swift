/// How an identified scan found its album, as the eval report breaks accuracy down.
public enum EvalMethod {
    // THE ONE PLACE the method is derived. Results do not carry `identification.method` yet, so two model
    // calls mean ID Call 2 (the web search) named the album and one means Call 1 did. When
    // `ScanResult.IdentificationSummary` gains `method` (model, search, local, barcode, duplicate), return it here.
    /// The method of an identified result; nil for a scan that named no album.
    public static func of(_ result: ScanResult) -> String? {
        guard result.status == .identified, let identification = result.identification else { return nil }
        return identification.calls >= 2 ? "search" : "model"
    }
}
