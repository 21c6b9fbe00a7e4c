import Foundation

/// Caps libjpeg-turbo's internal allocations through the `JPEGMEM` environment variable.
enum MemoryBudget {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var installed = false

    // libjpeg-turbo reads JPEGMEM when each decompressor is created; without a cap a tiny hostile
    // progressive file makes it allocate gigabytes of coefficient buffers before failing. The first
    // caller's limits win: changing the environment later would race with decoders on other threads.
    /// Sets `JPEGMEM` once from `maxPixels`, unless the user already set it.
    static func installIfNeeded(maxPixels: Int) {
        lock.lock()
        defer { lock.unlock() }
        guard !installed else { return }
        installed = true
        if getenv("JPEGMEM") == nil {
            setenv("JPEGMEM", value(maxPixels: maxPixels), 0)
        }
    }

    /// The budget for `maxPixels`: about 2 bytes per coefficient × 3 components, clamped to 64M...2048M.
    static func value(maxPixels: Int) -> String {
        "\(bytes(maxPixels: maxPixels) / 1_000_000)M"
    }

    /// The same budget in bytes; the PNG and HEIF decoders check their buffers against it before decoding.
    static func bytes(maxPixels: Int) -> Int {
        let bytes = maxPixels.multipliedReportingOverflow(by: 6)
        let megabytes = bytes.overflow ? 2048 : bytes.partialValue / 1_000_000
        return min(max(megabytes, 64), 2048) * 1_000_000
    }
}
