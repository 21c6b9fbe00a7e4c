/// Which photos of a `scan` run are fronts and which are their backs: `--back BACK` for one front, or
/// `--sides front,back` for photos shot front then back of each record, paired in input order.
package enum SleeveSides {
    /// The one order `--sides` takes.
    package static let frontThenBack = "front,back"

    /// The fronts to scan, each with its back or nil. A `--sides` value other than `front,back`, an odd count of
    /// photos under it, or `--back` with other than one front, is a usage error saying what to give.
    package static func pairs(_ photos: [InputPath], back: InputPath?, sides: String?) throws -> [(
        front: InputPath, back: InputPath?
    )] {
        if let sides {
            guard sides.lowercased().replacingOccurrences(of: " ", with: "") == frontThenBack else {
                throw AlbumScanError.usage(
                    "--sides takes front,back (each record's front, then its back), not \(SafeText.clean(sides))")
            }
            guard back == nil else { throw AlbumScanError.usage("--back and --sides cannot be used together") }
            guard photos.count % 2 == 0 else {
                throw AlbumScanError.usage(
                    "--sides front,back pairs photos in input order, but there are \(photos.count) (an odd count): "
                        + "every front needs its back; the last photo is \(SafeText.clean(photos[photos.count - 1].name))")
            }
            return stride(from: 0, to: photos.count, by: 2).map { (photos[$0], photos[$0 + 1]) }
        }
        if let back {
            guard photos.count == 1 else {
                throw AlbumScanError.usage(
                    "--back goes with one front photo, not \(photos.count); for a folder of fronts and backs use --sides front,back"
                )
            }
            return [(photos[0], back)]
        }
        return photos.map { ($0, nil) }
    }
}
