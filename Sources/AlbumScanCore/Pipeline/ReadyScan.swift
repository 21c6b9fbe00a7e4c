/// A scan between its halves: the photo read and prepared by `ScanPipeline.ready`, waiting for its turn, or the
/// scan already ended there (skipped, refused, unreadable). `finish` identifies and saves it. A batch prepares the
/// next photos while the model answers earlier ones, so that a photo's turn starts with its model call.
package struct ReadyScan: Sendable {
    /// What the second half needs.
    struct Turn: Sendable {
        let pipeline: ScanPipeline
        let diagnostics: ScanDiagnostics
        let progress: @Sendable (ScanStage) -> Void
        let photo: PreparedPhoto
        let store: AlbumStore
        let timer: StageTimer
    }

    /// The result when the scan ended in its first half; nil when the photo waits for its turn.
    package let ended: ScanResult?
    private let turn: Turn?

    init(_ turn: Turn) {
        (ended, self.turn) = (nil, turn)
    }

    private init(ended: ScanResult) {
        (self.ended, turn) = (ended, nil)
    }

    /// A scan that has its result already.
    package static func ended(_ result: ScanResult) -> ReadyScan {
        ReadyScan(ended: result)
    }

    /// The scan's result: the first half's, or the photo identified (or matched locally) and saved now.
    package func finish() async -> ScanResult {
        guard let turn else { return ended! }
        var timer = turn.timer
        // The wait for this turn belongs to no stage.
        timer.restart()
        var result = await ScanDiagnostics.$current.withValue(turn.diagnostics) { [timer] in
            await turn.pipeline.remembered(
                await turn.pipeline.identifyAndSave(turn.photo, store: turn.store, timer: timer, progress: turn.progress),
                sha256: turn.photo.sha256)
        }
        result.diagnostics = turn.diagnostics.all
        return result
    }

    /// The result of a prepared photo whose turn never came because the run stopped: nothing saved or charged.
    package func interrupted() -> ScanResult {
        guard let turn else { return ended! }
        var result = ScanResult.stopped(file: turn.photo.name, ScanStop(.interrupted))
        result.diagnostics = turn.diagnostics.all
        return result
    }
}
