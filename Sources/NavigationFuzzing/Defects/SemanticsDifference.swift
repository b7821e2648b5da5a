import NavigationReference

/// Which documented difference between two semantics profiles explains a failure: the engine
/// declares one profile (`swift-navigation-like` declares `swift-navigation`) and is judged by
/// another (`--semantics navfuzz`); a failure that goes away when the judging profile takes the
/// engine's value of one switch (docs/SEMANTICS.md §3) *is* that difference, however many checks
/// and stories show it. Its defect is named by the switch, so each documented difference is one
/// defect.
@MainActor
enum SemanticsDifference {
  /// The switch whose value, taken from the engine's own profile, leaves `steps` (the prefix of a
  /// trace that first violates anything, settled) clean; the first in `SemanticsProfile.switches`
  /// order. nil when the engine is judged by the profile it declares, or no single switch explains
  /// the failure.
  static func explaining(_ steps: [Step], topology: Topology, engine: EngineChoice) -> String? {
    let declared = engine.declaredSemantics
    guard declared != engine.semantics else { return nil }
    let own = Dictionary(uniqueKeysWithValues: declared.switches.map { ($0.name, $0.value) })
    for (name, value) in engine.semantics.switches where own[name] != value {
      let judging = engine.semantics.setting(name, to: !value)
      let replayed = try? Replay.run(
        Trace(topology: topology.name, steps: steps), topology: topology, engine: engine.judged(by: judging), lenient: true)
      if let replayed, replayed.violations.isEmpty { return signatureCheck(switch: name, engine: declared, judge: engine.semantics) }
    }
    return nil
  }

  /// What the signature says: `the engine follows swift-navigation's pushes-carry-identity (no), navfuzz's is yes`.
  static func signatureCheck(switch name: String, engine: SemanticsProfile, judge: SemanticsProfile) -> String {
    func word(_ profile: SemanticsProfile) -> String {
      profile.switches.first { $0.name == name }?.value == true ? "yes" : "no"
    }
    return "the engine follows \(engine.name)'s \(name) (\(word(engine))), the judge \(judge.name)'s (\(word(judge)))"
  }
}

extension SemanticsProfile {
  /// The same profile with one switch (by its name in `switches`) set to `value`.
  func setting(_ name: String, to value: Bool) -> SemanticsProfile {
    var copy = self
    switch name {
    case "collateral-pops-write-back": copy.collateralPopsWriteBack = value
    case "pushes-carry-identity": copy.pushesCarryIdentity = value
    case "program-waits-for-transitions": copy.programWaitsForTransitions = value
    case "presents-only-after-appearing": copy.presentsOnlyAfterAppearing = value
    case "alerts-carry-identity": copy.alertsCarryIdentity = value
    case "later-modals-wait": copy.laterModalsWait = value
    case "alert-write-back-before-action": copy.alertWritesBackBeforeAction = value
    default: preconditionFailure("no switch \(name)")
    }
    return copy
  }
}
