import AlbumScanCore

/// Parses a numeric setting and checks its range; a bad value is a configuration error naming where it was set.
package enum SettingValue {
    /// Longest accepted timeout: a day. Longer ones overflow the clock arithmetic and wait forever anyway.
    package static let maxSeconds = 86_400.0
    /// Largest accepted pixel limit; past this a single decode needs more memory than any machine here has.
    package static let maxPixels = 1_000_000_000
    /// Largest accepted price, in USD per million tokens.
    package static let maxPrice = 1_000_000.0

    /// A timeout in seconds: finite, above 0 and at most a day.
    package static func seconds(_ text: String, from origin: String) throws -> Double {
        guard let seconds = Double(text.trimmingWhitespace), seconds.isFinite, seconds > 0, seconds <= maxSeconds else {
            throw AlbumScanError.configuration(
                "\(origin) must be a number of seconds above 0 and at most \(Int(maxSeconds)), not \(text)")
        }
        return seconds
    }

    /// A pixel count: a whole number from 1 to a billion.
    package static func pixels(_ text: String, from origin: String) throws -> Int {
        guard let pixels = Int(text.trimmingWhitespace), pixels > 0, pixels <= maxPixels else {
            throw AlbumScanError.configuration("\(origin) must be a whole number from 1 to \(maxPixels), not \(text)")
        }
        return pixels
    }

    /// The long side of the photo sent to a local model: 64 to 4096 pixels.
    package static func imageSide(_ text: String, from origin: String) throws -> Int {
        guard let side = Int(text.trimmingWhitespace), (64...4096).contains(side) else {
            throw AlbumScanError.configuration("\(origin) must be a whole number of pixels from 64 to 4096, not \(text)")
        }
        return side
    }

    /// MusicBrainz requests a second: above 0 and at most `MusicBrainzRate.maximum` (100).
    package static func rate(_ text: String, from origin: String) throws -> Double {
        guard let rate = Double(text.trimmingWhitespace), rate.isFinite, rate > 0, rate <= MusicBrainzRate.maximum else {
            throw AlbumScanError.configuration(
                "\(origin) must be a number of requests a second above 0 and at most \(Int(MusicBrainzRate.maximum)), not \(text)")
        }
        return rate
    }

    /// A switch: on, off, true, false, 1 or 0 (any case).
    package static func onOff(_ text: String, from origin: String) throws -> Bool {
        switch text.trimmingWhitespace.lowercased() {
        case "on", "true", "1": return true
        case "off", "false", "0": return false
        default: throw AlbumScanError.configuration("\(origin) must be on or off, not \(text)")
        }
    }

    /// A price in USD per million tokens: finite, 0 or more.
    package static func price(_ value: Double?, from origin: String) throws -> Double {
        guard let value, value.isFinite, value >= 0, value <= maxPrice else {
            throw AlbumScanError.configuration(
                "\(origin) must be a number of US dollars per million tokens from 0 to \(Int(maxPrice))")
        }
        return value
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
