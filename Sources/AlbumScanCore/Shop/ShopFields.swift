/// The shop's fields on one scan, each nil when not set. Stored with the scan row, shown by `show`, carried to
/// `show --json` and the exports; never sent to a model.
package struct ShopFields: Sendable, Equatable {
    /// Discogs' exact media grade, like `Very Good Plus (VG+)`.
    package var mediaCondition: String?
    /// Discogs' exact sleeve grade (the media grades, `Generic`, `Not Graded` or `No Cover`).
    package var sleeveCondition: String?
    /// Where the record sits in the shop, like `Bin 4`.
    package var location: String?
    /// The shop's own stock number (Discogs' `external_id`).
    package var sku: String?
    package var comments: String?
    /// The price the shop typed, a plain decimal; only ever carried to exports and shown as typed.
    package var price: String?

    package init(
        mediaCondition: String? = nil, sleeveCondition: String? = nil, location: String? = nil, sku: String? = nil,
        comments: String? = nil, price: String? = nil
    ) {
        self.mediaCondition = mediaCondition
        self.sleeveCondition = sleeveCondition
        self.location = location
        self.sku = sku
        self.comments = comments
        self.price = price
    }

    /// No field set.
    package static let none = ShopFields()

    /// The fields from validated values by field (a missing or nil value is unset).
    package init(_ values: [ShopField: String?]) {
        self.init()
        for (field, value) in values { self[field] = value }
    }

    /// The value of one field.
    package subscript(field: ShopField) -> String? {
        get {
            switch field {
            case .mediaCondition: mediaCondition
            case .sleeveCondition: sleeveCondition
            case .location: location
            case .sku: sku
            case .comments: comments
            case .price: price
            }
        }
        set {
            switch field {
            case .mediaCondition: mediaCondition = newValue
            case .sleeveCondition: sleeveCondition = newValue
            case .location: location = newValue
            case .sku: sku = newValue
            case .comments: comments = newValue
            case .price: price = newValue
            }
        }
    }

    /// Whether no field is set.
    package var isEmpty: Bool { ShopField.allCases.allSatisfy { self[$0] == nil } }
}
