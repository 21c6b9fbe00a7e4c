import Foundation

extension EvalReport: CustomStringConvertible {
    /// The text table `eval` prints without `--json`.
    package var description: String {
        var lines = [
            "Eval of \(total) labelled photo\(total == 1 ? "" : "s") (\(setup.provider): vision \(setup.visionModel), "
                + "search \(setup.searchModel), review \(setup.reviewModel))",
            "",
            row("correct", correct, "accuracy \(Self.percent(accuracy)) (correct / total)"),
            row("wrong", wrong, ""),
            row("unidentified", unidentified, ""),
            row("failed", failed, failed > 0 ? "stopped by an error (see below)" : ""),
            row("identified", identified, "precision \(precision.map(Self.percent) ?? "n/a") (correct / identified)"),
            "",
            "method      identified  correct  wrong  precision",
        ]
        for (method, counts) in byMethod.sorted(by: { $0.key < $1.key }) {
            lines.append(
                method.padding(toLength: 10, withPad: " ", startingAt: 0) + Self.right(counts.identified, 12)
                    + Self.right(counts.correct, 9) + Self.right(counts.wrong, 7)
                    + Self.right(Self.percent(counts.precision), 11))
        }
        if byMethod.isEmpty { lines.append("(nothing identified)") }
        let perCorrect = spendPerCorrectUSD.map { String(format: "$%.4f per correct answer", $0) } ?? "nothing correct"
        let unpriced = unpricedModels.isEmpty ? "" : " (no price for \(unpricedModels.joined(separator: ", ")))"
        lines += [
            "",
            "model calls:  \(modelCalls) (\(inputTokens) input tokens, \(imageTokens) of them image; \(outputTokens) output; "
                + "\(webSearches) web search\(webSearches == 1 ? "" : "es"))",
            String(format: "spend:        $%.4f estimated, ", estimatedSpendUSD) + perCorrect + unpriced,
            "latency:      p50 \(Self.seconds(latency.p50)), p95 \(Self.seconds(latency.p95)) per scan",
            "verification: \(verification.verified) verified, \(verification.mismatch) mismatch "
                + "(\(verification.mismatchOnWrong) on wrong answers), \(verification.unsure) unsure, "
                + "\(verification.unchecked) unchecked; wrong answers not flagged: \(verification.wrongNotFlagged)",
        ]
        let misses = items.filter { $0.outcome != .correct }
        if !misses.isEmpty {
            lines += ["", "not correct:"]
            lines += misses.map(Self.describe)
        }
        return lines.joined(separator: "\n")
    }

    /// One photo that was not answered correctly.
    static func describe(_ item: EvalItem) -> String {
        let expected = "\(item.expected.artist) - \(item.expected.album)"
        let detail: String
        switch item.outcome {
        case .wrong:
            let answer = item.answer.map { "\($0.artist) - \($0.album)" } ?? "?"
            let sameKey =
                item.answer.map { AlbumKey(artist: $0.artist, title: $0.album) }
                == AlbumKey(artist: item.expected.artist, title: item.expected.album)
            // Same album key but another release group: say so, or the line reads as if the answer were right.
            let group = sameKey ? ", not release group \(item.expected.mbid ?? "?")" : ""
            detail = "wrong: got \(answer)\(group), labelled \(expected) (verification \(item.verification.rawValue))"
        case .unidentified: detail = "unidentified, labelled \(expected)"
        case .failed: detail = "failed (\(item.error ?? "error")), labelled \(expected)"
        case .correct: detail = "correct"
        }
        return "  line \(item.line): \(item.file): \(detail)"
    }

    private func row(_ name: String, _ value: Int, _ note: String) -> String {
        name.padding(toLength: 13, withPad: " ", startingAt: 0) + Self.right(value, 5) + (note.isEmpty ? "" : "   " + note)
    }

    static func right(_ value: some CustomStringConvertible, _ width: Int) -> String {
        let text = value.description
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }

    static func percent(_ value: Double) -> String { String(format: "%.1f%%", value * 100) }

    static func seconds(_ value: Double?) -> String { value.map { String(format: "%.3f s", $0) } ?? "n/a" }
}
