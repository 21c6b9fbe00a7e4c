/// Why a photo is refused before any model sees it, with what to do about it.
package enum QualityProblem: String, Sendable, CaseIterable {
    case tooSmall = "too-small"
    case tooDark = "too-dark"
    case tooBright = "too-bright"
    case tooBlurry = "too-blurry"
    case blank
    case truncated

    /// The one-line message: what is wrong, then how to fix it.
    package var message: String {
        switch self {
        case .tooSmall: "too small: move closer or use a larger photo (the short side is under 200 px)"
        case .tooDark: "too dark: add light"
        case .tooBright: "too bright: avoid glare and direct light"
        case .tooBlurry: "too blurry: hold still and tap to focus"
        case .blank: "too plain: the photo is one even tone; fill the frame with the sleeve"
        case .truncated: "too short: the file ends before the image does; copy the photo again, or take it again"
        }
    }
}
