/// What a save wrote: the scan's id, the shop fields it holds (a SKU pattern numbered, a replaced scan's kept) and
/// its version.
package struct SavedScan: Sendable, Equatable {
    package var id: Int64
    package var shop: ShopFields
    package var version: Int
}
