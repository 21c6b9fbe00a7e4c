import Foundation
import Testing

@testable import AlbumScanCore

/// Every file in `../shared/corpora/INDEX.json` through the real input path, checked against its expected verdict.
@Suite("Corpus (INDEX.json)", .enabled(if: CorpusIndex.available))
struct CorpusSuiteTests {
    /// No single file may take longer than this.
    static let perFileBound: Double = 10
    /// The whole run must stay under this peak resident size.
    static let memoryBound = 1 << 30

    @Test("every indexed file gets its verdict, within time and memory bounds")
    func everyFileGetsItsVerdict() throws {
        let index = try #require(CorpusIndex.shared)
        #expect(index.entries.count > 300)
        var report = CorpusReport()
        for entry in index.entries {
            let data = try index.data(entry)
            let start = ContinuousClock.now
            let outcome = Self.prepare(data, bound: Self.perFileBound)
            let seconds = Self.seconds(ContinuousClock.now - start)
            report.add(folder: entry.folder, outcome: outcome.outcome, path: entry.path, seconds: seconds)
            #expect(seconds <= Self.perFileBound, "\(entry.path): took \(seconds) s")
            Self.check(entry, outcome.outcome, prepared: outcome.prepared)
        }
        let peak = ProcessMemory.peakResidentBytes()
        let peakText = peak.map { String(format: "%.0f MiB", Double($0) / 1_048_576) } ?? "unknown"
        print(
            "corpus: \(index.entries.count) files, slowest \(report.slowest.path) in \(report.slowest.seconds) s, peak RSS \(peakText)"
        )
        print(report.table())
        if let peak { #expect(peak < Self.memoryBound, "peak RSS \(peakText)") }
    }

    /// Checks one outcome against the entry's verdict.
    static func check(_ entry: CorpusIndex.Entry, _ outcome: CorpusOutcome, prepared: PreparedImage?) {
        switch (entry.verdict, outcome) {
        case (_, .hung): Issue.record("\(entry.path): hung (over \(perFileBound) s)")
        case (_, .failed(let error)): Issue.record("\(entry.path): threw a non-image error: \(error)")
        case (.decode, .decoded), (.decode, .warned):
            checkDecoded(entry, prepared)
        case (.decode, .rejected(let message)):
            Issue.record("\(entry.path): expected \"\(entry.expected)\" but was rejected: \(message)")
        case (.reject, .rejected(let message)):
            checkMessage(entry, message)
            if !["jpeg", "jpeg-soi-only", "empty"].contains(entry.magic) {
                #expect(
                    message.hasPrefix("unsupported image format") || message.hasPrefix("not an image"),
                    "\(entry.path): \(message)")
            }
        case (.reject, .decoded), (.reject, .warned):
            Issue.record("\(entry.path): expected \"\(entry.expected)\" but it decoded")
        case (.warn, .rejected(let message)):
            checkMessage(entry, message)
        case (.warn, .decoded), (.warn, .warned):
            checkDecoded(entry, prepared)
        }
    }

    /// A decode is at most 1024 px on its longest side, upright by the index's orientation.
    static func checkDecoded(_ entry: CorpusIndex.Entry, _ prepared: PreparedImage?) {
        guard let prepared else { return }
        #expect(max(prepared.width, prepared.height) <= 1024, "\(entry.path)")
        guard let orientation = entry.orientation else { return }
        #expect(prepared.orientation == orientation, "\(entry.path): orientation \(prepared.orientation)")
        if let size = entry.size {
            let upright = (5...8).contains(orientation) ? (size.height, size.width) : (size.width, size.height)
            #expect((prepared.sourceWidth, prepared.sourceHeight) == upright, "\(entry.path): upright size")
        }
    }

    /// The CLI prints the message on one line after "error:", so it must be short and single-line.
    static func checkMessage(_ entry: CorpusIndex.Entry, _ message: String) {
        #expect(!message.isEmpty && !message.contains("\n") && message.count < 200, "\(entry.path): \(message)")
    }

    /// A box for a result produced on another thread.
    final class Slot: @unchecked Sendable {
        var value: (outcome: CorpusOutcome, prepared: PreparedImage?) = (.hung, nil)
    }

    /// Runs `prepareUpload` on a worker thread and gives up waiting after `bound` seconds, so a hang fails instead of blocking.
    static func prepare(_ data: Data, bound: Double) -> (outcome: CorpusOutcome, prepared: PreparedImage?) {
        let slot = Slot()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            do {
                let prepared = try ImagePrep.prepareUpload(data, limits: ImageLimits())
                slot.value = (prepared.warnings.isEmpty ? .decoded : .warned, prepared)
            } catch let error as AlbumScanError {
                if case .invalidImage(let message) = error {
                    slot.value = (.rejected(message), nil)
                } else {
                    slot.value = (.failed("\(error)"), nil)
                }
            } catch {
                slot.value = (.failed("\(error)"), nil)
            }
            done.signal()
        }
        // Wait a little longer than the bound so a slow-but-finished decode is reported as slow, not hung.
        guard done.wait(timeout: .now() + bound * 3) == .success else { return (.hung, nil) }
        return slot.value
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
