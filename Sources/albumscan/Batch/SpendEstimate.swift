import AlbumScanApp
import AlbumScanCore

/// The user's own model spend over some calls, estimated from the setup's price table.
struct SpendEstimate: Equatable {
    /// Model calls made.
    var calls = 0
    /// Dollars for the calls whose model has a price.
    var dollars = 0.0
    /// Calls to models the price table has no price for, so left out of `dollars`.
    var unpricedCalls = 0

    init(usage: [ModelUsage], prices: PriceTable) {
        for model in usage {
            calls += model.calls
            if let cost = prices.cost(model) { dollars += cost } else { unpricedCalls += model.calls }
        }
    }

    init(calls: Int, dollars: Double, unpricedCalls: Int = 0) {
        (self.calls, self.dollars, self.unpricedCalls) = (calls, dollars, unpricedCalls)
    }
}
