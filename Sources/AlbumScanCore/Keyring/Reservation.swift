/// One scan held from the quota until the scan is committed or released.
package struct Reservation: Sendable, Equatable {
    /// The reservation's UUID string, as recorded in the keyring.
    package var id: String
    /// The tier the scan runs under, which decides the counter it is committed to.
    package var tier: Tier
    /// Whether the scan runs with Ultra's advanced search.
    package var advancedSearch: Bool

    /// Creates a reservation value.
    package init(id: String, tier: Tier, advancedSearch: Bool) {
        self.id = id
        self.tier = tier
        self.advancedSearch = advancedSearch
    }
}
