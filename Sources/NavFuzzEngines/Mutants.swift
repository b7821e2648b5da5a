import NavigationFuzzing
@_spi(Rules) import StateDrivenNavigation

/// The built-in engine with one known bug put back: what a developer writing the engine naively
/// would have written. Each mutant breaks one of the engine's rules (`EngineRules`) and names the
/// invariant that catches it; `navfuzz mutants` and the mutant corpus prove the harness finds
/// every one. They reach the harness through the same door as any engine.
struct Mutant {
  /// The engine a mutant breaks one rule of: its rules, its name and the profile that judges it.
  enum Base {
    case stateDriven
    case swiftNavigationLike

    var rules: EngineRules {
      switch self {
      case .stateDriven: EngineRules()
      case .swiftNavigationLike: .swiftNavigation
      }
    }

    @MainActor var engine: EngineChoice {
      switch self {
      case .stateDriven: .default
      case .swiftNavigationLike: .swiftNavigationLike
      }
    }
  }

  let name: String
  let summary: String
  let caughtBy: InvariantID
  let base: Base
  let rules: EngineRules

  init(
    _ name: String, _ summary: String, caughtBy: InvariantID, of base: Base = .stateDriven,
    breaking rule: (inout EngineRules) -> Void
  ) {
    self.name = name
    self.summary = summary
    self.caughtBy = caughtBy
    self.base = base
    var rules = base.rules
    rule(&rules)
    self.rules = rules
  }

  /// Reaches the harness as its base engine does, judged by the profile its base declares.
  @MainActor var engine: EngineChoice {
    let rules = rules
    return EngineChoice(
      name: name, summary: summary, caughtBy: caughtBy, semantics: base.engine.semantics,
      contract: base.engine.contract, mutantOf: base.engine.name, make: { StateDrivenEngine(rules: rules) })
  }

  static let all: [Mutant] = [
    Mutant(
      "present-on-every-observation", "presents on every observation of non-nil state: double presentation",
      caughtBy: .noDoublePresentation
    ) { $0.checksWhatIsPresented = false },
    Mutant("no-dismiss-on-nil", "does nothing when state becomes nil: the screen stays", caughtBy: .stateUIConsistency) {
      $0.dismissesOnNil = false
    },
    Mutant(
      "no-write-back", "never writes nil back after a user dismissal: state stays set", caughtBy: .dismissalWritesBack
    ) { $0.writeBack = .never },
    // A naive engine tears down in the presented controller's deinit, which its own strong
    // reference prevents: after a user dismissal nothing happens, and the controller leaks.
    Mutant(
      "strong-presented-reference", "holds the presented controller strongly: no teardown, a leak", caughtBy: .noLeaks
    ) { $0.tearsDownWhenControllerLeaves = false },
    Mutant(
      "teardown-ignores-identity", "teardown writes nil without an identity check: the new item is cleared",
      caughtBy: .identityRebinding
    ) { $0.writeBack = .always },
    // TCA #3309's shape: the alert's write-back decides before the button's handler runs and
    // writes after it, clearing the alert the handler showed.
    Mutant(
      "stale-alert-write-back",
      "an alert's nil write-back compares identity before the button's handler: the alert it shows is cleared",
      caughtBy: .referenceAgreement
    ) { $0.writeBack = .comparedBeforeHandlers },
    Mutant(
      "ondismiss-twice", "runs onDismiss twice as a controller leaves: what the app does in it happens twice",
      caughtBy: .onDismissExactlyOnce
    ) { $0.runsOnDismissOnce = false },
    Mutant(
      "identity-ignored", "presents only when nothing is presented: identity changes never show",
      caughtBy: .identityRebinding
    ) { $0.representsOnIdentityChange = false },
    Mutant(
      "one-slot-per-controller", "one presented slot per controller: the second push never appears",
      caughtBy: .stateUIConsistency
    ) { $0.keysPresentationsByBinding = false },
    Mutant(
      "eager-binding-read", "reads the binding once, outside observation: later state never shows",
      caughtBy: .stateUIConsistency
    ) { $0.observesBinding = false },
    Mutant(
      "push-dismissed-not-popped", "dismisses a pushed controller instead of popping it", caughtBy: .stateUIConsistency
    ) { $0.popsPushedDestinations = false },
    Mutant(
      "pop-to-self", "pops to the pushed controller itself instead of the one before it", caughtBy: .stateUIConsistency
    ) { $0.popTarget = .controllerItself },
    Mutant(
      "stack-no-write-back", "the stack never writes user pops back to the path", caughtBy: .stackPathConsistency
    ) { $0.stackWritesUserPopsBack = false },
  ]
}

extension EngineChoice {
  /// The built-in engine with the live stream's "end meeting" glue bug in the app's features.
  public static let endMeetingGlueBug = EngineChoice(
    name: "end-meeting-before-last", summary: "app glue: end meeting returns to the element before last",
    caughtBy: .referenceAgreement, make: { StateDrivenEngine() }, features: { EndMeetingReturnsToElementBeforeLast() })
}

extension BuiltInEngines {
  /// Every mutant: the engine's rule variants, the app glue's, the engine variants that replace
  /// one component (a stack controller, how covers are wrapped), the rule variants of
  /// `swift-navigation-like`, then the built-in engine's variants with swift-navigation's
  /// reported defects, then those with tab bar bugs and the harness's former blind spots.
  public static var mutants: [EngineChoice] {
    let components: [EngineChoice] = [
      EngineChoice.endMeetingGlueBug, .reusesOneScreenTwice, .coverWithoutNavigation, .restoresPoppedScreens,
      .lastDestinationWins,
    ]
    let all =
      Mutant.all.map(\.engine) + components + Mutant.ofSwiftNavigationLike.map(\.engine)
      + Mutant.ofReportedBugs.map(\.engine) + Mutant.ofTabsAndBlindSpots.map(\.engine)
    return all.map { mutant in topology(showing: mutant.name).map { mutant.caught(on: $0) } ?? mutant }
  }

  /// The topology a mutant's bug shows on, where it is not `basic`: a stack bug needs a path, an
  /// alert callback bug the callbacks topology, a tab bug tabs.
  private static func topology(showing mutant: String) -> String? {
    switch mutant {
    case "stack-no-write-back", "restores-popped-screens", "pops-not-animated", "sn-pop-lost-to-path-change",
      "sn-modal-gone-no-ondismiss", "sn-pops-only-the-top", "sn-pop-sync-erases-append":
      "stack"
    case "stale-alert-write-back", "ondismiss-twice": "callbacks"
    case "end-meeting-before-last", "last-destination-wins": "syncups-stack"
    case "reuse-one-screen-twice": "value-stack"
    case "cover-without-navigation": "covers"
    case "tab-tap-not-written-back", "tab-rebuilt-on-switch", "pop-to-root-not-heard", "drops-app-delegate",
      "alert-teardown-before-action":
      "tabs"
    default: nil
    }
  }
}
