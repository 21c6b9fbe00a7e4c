import Foundation

/// Regular expressions written in the source. A pattern that does not compile is a bug: it stops the program the first
/// time it is used (every test that reaches it fails), where dropping it would quietly match nothing.
enum FixedPattern {
    /// The compiled pattern.
    static func compiled(_ pattern: String, options: NSRegularExpression.Options = []) -> NSRegularExpression {
        do {
            return try NSRegularExpression(pattern: pattern, options: options)
        } catch {
            preconditionFailure("the pattern \(pattern) does not compile: \(error)")
        }
    }
}
