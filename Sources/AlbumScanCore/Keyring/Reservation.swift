/// One scan held from the quota until the scan is committed or released.
public struct Reservation: Sendable, Equatable {
    /// The reservation's UUID string, as recorded in the keyring.
    public var id: String
    /// The tier the scan runs under, which decides the counter it is committed to.
    public var tier: Tier
    /// Whether the scan runs with Ultra's advanced search.
    public var advancedSearch: Bool

    /// Creates a reservation value.
    public init(id: String, tier: Tier, advancedSearch: Bool) {
        self.id = id
        self.tier = tier
        self.advancedSearch = advancedSearch
    }
}
