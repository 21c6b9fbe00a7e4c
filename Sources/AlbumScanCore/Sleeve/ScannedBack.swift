/// A sleeve's back as the scan of its front uses it: the barcodes read there, and the album the first one that
/// MusicBrainz lists names (identified with method `barcode` and no model call), nil when it lists none.
struct ScannedBack: Sendable {
    var barcodes: [RetailBarcode]
    var identification: Identification?
}
