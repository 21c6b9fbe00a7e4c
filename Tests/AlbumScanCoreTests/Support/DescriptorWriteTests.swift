import AlbumScanCore
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The write(2) loop behind stdout, stderr and output files: short and interrupted writes go on, errors stop it.
@Suite struct DescriptorWriteTests {
    /// What one scripted write(2) call does: take up to `count` bytes, or fail with `error`.
    enum Step: Sendable, CustomStringConvertible {
        case take(Int)
        case fail(Int32)

        var description: String {
            switch self {
            case .take(let count): "take \(count)"
            case .fail(let error): "fail \(error)"
            }
        }
    }

    static let cases: [([Step], Int32?, Int)] = [
        ([.take(10)], nil, 10),
        ([.take(3), .take(3), .take(4)], nil, 10),
        ([.fail(EINTR), .take(4), .fail(EINTR), .take(6)], nil, 10),
        ([.take(4), .fail(EPIPE)], EPIPE, 4),
        ([.fail(ENOSPC)], ENOSPC, 0),
        ([.take(2), .fail(EIO)], EIO, 2),
        (Array(repeating: .take(0), count: 64), EIO, 0),
    ]

    @Test(arguments: cases)
    func writesEverythingOrStopsAtTheFirstError(steps: [Step], error: Int32?, written: Int) {
        let bytes = [UInt8](repeating: 7, count: 10)
        var script = steps[...]
        var total = 0
        let result = bytes.withUnsafeBytes { buffer in
            DescriptorWrite.all(buffer) { _, count in
                switch script.popFirst() ?? .take(count) {
                case .take(let most):
                    let taken = min(most, count)
                    total += taken
                    return (taken, 0)
                case .fail(let code): return (-1, code)
                }
            }
        }
        #expect(result == error)
        #expect(total == written)
    }

    @Test func aFullDeviceReportsENOSPC() throws {
        let descriptor = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(DescriptorWrite.all(Data("x".utf8), to: descriptor) == ENOSPC)
        #expect(DescriptorWrite.describe(ENOSPC) == "no space left on device")
    }
}
