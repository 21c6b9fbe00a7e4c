/// When to use ANSI colour (`--color`).
package enum ColorChoice: String, CaseIterable, Sendable {
    case auto, always, never
}
