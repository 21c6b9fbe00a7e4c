/// The 95 modules of an EAN-13 symbol (true = a dark bar module), for drawing test sleeves.
///
/// Layout: start guard 101, six left digits, centre guard 01010, six right digits, end guard 101. Left digits
/// use the L (odd) or G (even) code as the first digit's parity pattern says; right digits use the R code.
package enum EAN13Pattern {
    /// L codes, 7 modules each, for digits 0-9; R is their complement and G the reverse of R.
    static let lCodes = [
        "0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111", "0001011",
    ]
    /// Which left digits use G, by first digit (the first digit itself is not drawn).
    static let parity = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL"]

    /// The modules for 13 digits as printed; the check digit is drawn as given, right or wrong.
    package static func modules(_ digits: String) -> [Bool]? {
        let values = digits.compactMap(\.wholeNumberValue)
        guard values.count == 13, digits.count == 13 else { return nil }
        let l = lCodes.map { $0.map { $0 == "1" } }
        let r = l.map { $0.map { !$0 } }
        let g = r.map { Array($0.reversed()) }
        var modules: [Bool] = [true, false, true]
        for (index, use) in parity[values[0]].enumerated() {
            modules += use == "G" ? g[values[index + 1]] : l[values[index + 1]]
        }
        modules += [false, true, false, true, false]
        for value in values[7...] { modules += r[value] }
        modules += [true, false, true]
        return modules
    }
}

extension EAN13Pattern {
    /// The 67 modules of an EAN-8 symbol: start guard, four left digits in L code, centre guard, four right digits
    /// in R code, end guard.
    package static func ean8Modules(_ digits: String) -> [Bool]? {
        let values = digits.compactMap(\.wholeNumberValue)
        guard values.count == 8, digits.count == 8 else { return nil }
        let l = lCodes.map { $0.map { $0 == "1" } }
        var modules: [Bool] = [true, false, true]
        for value in values[0..<4] { modules += l[value] }
        modules += [false, true, false, true, false]
        for value in values[4...] { modules += l[value].map { !$0 } }
        modules += [true, false, true]
        return modules
    }
}
