/// Sorts a campaign's failing runs into defects, in run order. The first run of each symptom is
/// shrunk and its signature found (`analyze`); every later run of that symptom counts with the
/// same defect, unshrunk. Only run order decides, so a campaign split across processes and merged
/// in run order (`navfuzz run --jobs N`) sorts its runs exactly as one process does.
///
/// Runs that went on past a known defect before they failed are sorted apart: their shrunk
/// stories often pass through the known defect, and one of them must not decide for the plain
/// runs of its symptom (which would then all count with the known defect and hide a new one).
@MainActor
struct DefectLedger {
  let topology: String
  let baseline: DefectBaseline?
  /// In order of first appearance.
  private(set) var defects: [Defect] = []
  private var bySymptom: [FailureSymptom: Int] = [:]
  /// The same, for runs that went on past a known defect before they failed.
  private var bySymptomAfterSearch: [FailureSymptom: Int] = [:]
  private var bySignature: [DefectSignature: Int] = [:]

  init(topology: String, baseline: DefectBaseline?) {
    self.topology = topology
    self.baseline = baseline
  }

  /// The defects in the order summaries list them (`Defect.listOrder`).
  var sorted: [Defect] { Defect.stableSorted(defects) }

  /// New defects only: what makes a campaign fail.
  var new: [Defect] { sorted.filter { !$0.isKnown } }

  /// A run that failed with `symptom`; `analyze` shrinks it and reads its evidence, called only
  /// for the first run of each symptom.
  mutating func recordFailure(
    runIndex: Int, runSeed: UInt64, symptom: FailureSymptom, afterSearchingPast: Bool = false,
    analyze: () -> (failure: Campaign.Failure, evidence: DefectEvidence)
  ) {
    let instance = Defect.Instance(
      topology: topology, runIndex: runIndex, runSeed: runSeed, symptom: symptom, searchedPast: false)
    if let index = afterSearchingPast ? bySymptomAfterSearch[symptom] : bySymptom[symptom] {
      add(instance, to: index)
      return
    }
    let (failure, evidence) = analyze()
    let index = defectIndex(for: evidence.signature, evidence: evidence)
    if afterSearchingPast {
      bySymptomAfterSearch[symptom] = index
    } else {
      bySymptom[symptom] = index
    }
    add(instance, to: index)
    if defects[index].shortest.map({
      Defect.isBetterExample(
        failure, isRace: !evidence.raceNeeds.isEmpty, than: $0, isRace: defects[index].isRace)
    }) ?? true {
      defects[index].shortest = failure
      defects[index].invariants = evidence.invariants
      defects[index].raceNeeds = evidence.raceNeeds
      defects[index].finding = evidence.finding
    }
  }

  /// A run that reached a known defect (its first violation read as the defect's signature) and
  /// went on past it.
  mutating func recordSearchedPast(runIndex: Int, runSeed: UInt64, symptom: FailureSymptom) {
    guard let entry = baseline?.entry(forSymptom: symptom) else { return }
    let index = defectIndex(for: entry.signature, evidence: nil)
    add(
      Defect.Instance(topology: topology, runIndex: runIndex, runSeed: runSeed, symptom: symptom, searchedPast: true),
      to: index)
  }

  private mutating func defectIndex(for signature: DefectSignature, evidence: DefectEvidence?) -> Int {
    if let index = bySignature[signature] { return index }
    bySignature[signature] = defects.count
    defects.append(
      Defect(
        signature: signature, instances: [], shortest: nil, topology: topology,
        invariants: evidence?.invariants ?? [signature.invariant], raceNeeds: evidence?.raceNeeds ?? [],
        finding: nil,
        knownReason: baseline?.entry(forID: signature.id)?.reason))
    return defects.count - 1
  }

  /// One instance per run and defect: a run that searched past a known defect and then failed
  /// with it by another symptom counts once.
  private mutating func add(_ instance: Defect.Instance, to index: Int) {
    if let last = defects[index].instances.last, last.runIndex == instance.runIndex, last.topology == instance.topology {
      return
    }
    defects[index].instances.append(instance)
  }
}
