/// The problems one post-trial check found.
struct KillTrialCheck {
    var corruptions: [String] = []
    var leaks: [String] = []
    var scansUsed = 0
    var historyIDs: [Int] = []
    /// Charged scans a rescan replaced in place.
    var replacedCharges = 0
    var chargeDifferences: [String] = []
    var orphans: [String] = []
}

/// Counts across a kill-trial run.
struct KillTrialTally {
    private(set) var trials = 0
    private(set) var processes = 0
    private(set) var killed = 0
    private(set) var kinds: [KillTrialKind: Int] = [:]
    private(set) var corruptions = 0
    private(set) var leakedReservations = 0
    private(set) var chargeDifferences = 0
    private(set) var orphans = 0
    private(set) var badExits = 0
    private(set) var problems: [String] = []
    private(set) var savedScans = 0
    private(set) var chargedScans = 0

    mutating func count(_ kind: KillTrialKind, _ outcome: (started: Int, killed: Int, badExits: Int)) {
        trials += 1
        badExits += outcome.badExits
        kinds[kind, default: 0] += 1
        processes += outcome.started
        killed += outcome.killed
    }

    /// Adds a check's problems; the `final` check of a state folder also adds its saved and charged scans.
    mutating func record(_ check: KillTrialCheck, trial: Int, final: Bool = false) {
        corruptions += check.corruptions.count
        leakedReservations += check.leaks.count
        chargeDifferences += check.chargeDifferences.count
        orphans += check.orphans.count
        problems += (check.corruptions + check.leaks + check.chargeDifferences + check.orphans.map { "orphan \($0)" })
            .map { "trial \(trial): \($0)" }
        if final {
            savedScans += check.historyIDs.count + check.replacedCharges
            chargedScans += check.scansUsed
        }
    }

    var summary: String {
        let byKind = KillTrialKind.allCases.map { "\($0.rawValue) \(kinds[$0, default: 0])" }.joined(separator: ", ")
        return "\(trials) trials (\(byKind)); \(processes) processes, \(killed) killed mid-run; "
            + "\(savedScans) scans saved, \(chargedScans) charged; "
            + "corruptions \(corruptions), leaked reservations \(leakedReservations), "
            + "scan/charge differences \(chargeDifferences), orphan temp files \(orphans), bad signal exits \(badExits)"
    }
}

/// A small seeded generator so a failing run can be replayed with `ALBUMSCAN_KILL_SEED`.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
