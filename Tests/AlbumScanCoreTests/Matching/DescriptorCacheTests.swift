import Foundation
import Testing

@testable import AlbumScanCore

/// Each front image is described once per process, up to the cache's capacity.
@Suite struct DescriptorCacheTests {
    @Test func describesEachFrontOnceAndForgetsTheOldestPastCapacity() {
        let cache = DescriptorCache()
        var described: [Data] = []
        func describe(_ front: Data) -> Data {
            described.append(front)
            return front + Data([0xFF])
        }
        let first = Data([1]), second = Data([2])
        #expect(cache.descriptor(of: first, describe) == Data([1, 0xFF]))
        #expect(cache.descriptor(of: first, describe) == Data([1, 0xFF]))
        #expect(cache.descriptor(of: second, describe) == Data([2, 0xFF]))
        #expect(described == [first, second])
        for index in 0..<DescriptorCache.capacity { _ = cache.descriptor(of: Data([9, UInt8(index)]), describe) }
        _ = cache.descriptor(of: first, describe)
        #expect(described.filter { $0 == first }.count == 2, "the oldest was forgotten and described again")
    }
}
