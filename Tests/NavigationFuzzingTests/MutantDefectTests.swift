@testable import NavigationFuzzing
@_spi(Rules) import StateDrivenNavigation
import Testing

/// Each mutant is one bug: fuzzed on its topology, it shows the defects `MutantDefects` pins —
/// one, or a few where the bug shows through separate checks — and two unrelated bugs show as
/// two. `navfuzz mutants --defects` (a CI step, release build) checks all 2,000 runs; here each
/// mutant runs until its table says every defect has appeared, at most `cap` runs (a debug build
/// runs about 70 a second): before that, no defect outside its entry may appear.
@MainActor
@Suite struct MutantDefectTests {
  static let cap = 120

  @Test func everyMutantHasAnEntry() {
    let names = EngineChoice.mutants.map(\.name)
    #expect(names.filter { MutantDefects.expected(for: $0) == nil } == [])
    #expect(MutantDefects.table.map(\.engine).sorted() == names.sorted())
  }

  @Test(arguments: MutantDefects.table.map(\.engine))
  func eachMutantShowsTheDefectsItIsKnownToShow(_ name: String) throws {
    let engine = try #require(EngineChoice.named(name))
    let expected = try #require(MutantDefects.expected(for: name))
    let outcome = try #require(MutantDefects.check(engine, runs: min(expected.completeBy, Self.cap)))
    #expect(outcome.matches, "found \(outcome.found), expected \(expected.signatures)")
    #expect(!outcome.found.isEmpty)
  }

  /// The built-in engine with the rules of two mutants broken at once.
  static func composed(_ name: String, _ breaking: @escaping @Sendable (inout EngineRules) -> Void) -> EngineChoice {
    EngineChoice(
      name: name, summary: "two bugs",
      make: {
        var rules = EngineRules()
        breaking(&rules)
        return StateDrivenEngine(rules: rules)
      })
  }

  func defects(_ engine: EngineChoice, runs: Int, seed: UInt64 = 1, topology: Topology = .basic) -> [String] {
    var options = Campaign.Options()
    options.runs = runs
    options.seed = seed
    return Campaign(topology: topology, engine: engine, options: options).run().defects.map(\.signature.description)
  }

  /// Two unrelated bugs are two defects: each mutant's own, and nothing else.
  @Test func twoUnrelatedBugsAreTwoDefects() throws {
    let alert = try #require(MutantDefects.expected(for: "alert-no-ondismiss")).signatures
    let modal = try #require(MutantDefects.expected(for: "modal-outlives-presenter")).signatures
    let engine = Self.composed("alert-no-ondismiss+modal-outlives-presenter") {
      $0.runsOnDismissForAlerts = false
      $0.dismissesModalsOfDepartedPresenter = false
    }
    #expect(Set(defects(engine, runs: 150)) == Set(alert + modal))
  }

  /// Two bugs that break the same invariant do not hide each other: onDismiss running too often
  /// and too rarely are two defects of `ondismiss-exactly-once`, which grouping by invariant made
  /// one.
  @Test func twoBugsOfOneInvariantAreTwoDefects() {
    let engine = Self.composed("ondismiss-twice+alert-no-ondismiss") {
      $0.runsOnDismissOnce = false
      $0.runsOnDismissForAlerts = false
    }
    let found = defects(engine, runs: 60)
    #expect(found.count == 2, "\(found)")
    #expect(found.allSatisfy { $0.hasPrefix("ondismiss-exactly-once: ") }, "\(found)")
    #expect(Set(found.map { $0.hasSuffix("too many") }) == [true, false], "\(found)")
  }

  /// The same mutant names its defect alike whatever the campaign seed.
  @Test(arguments: ["no-write-back", "alert-no-ondismiss", "eager-binding-read", "no-ondismiss-on-replacement"])
  func aMutantsSignaturesAreTheSameAcrossSeeds(_ name: String) throws {
    let engine = try #require(EngineChoice.named(name))
    let expected = try #require(MutantDefects.expected(for: name)).signatures
    for seed: UInt64 in [2, 3, 4] {
      #expect(defects(engine, runs: 30, seed: seed) == expected, "seed \(seed)")
    }
  }

  /// `swift-navigation-like` judged by NavFuzz's own profile differs where docs/SEMANTICS.md's
  /// profile table says the profiles differ, one defect per difference, each on a topology that
  /// shows it (the 2,000-run rotation, in the CI, also meets the rare race of collateral pops and
  /// a second symptom of push identity).
  @Test(arguments: [
    // pushes-carry-identity: a push slot's new id does not re-push.
    ("basic", 20, "state-ui-consistency: · holds id · but the screen shows id ·"),
    // presents-only-after-appearing: a screen deep-linked below the top presents nothing.
    ("syncups-stack", 20, "state-ui-consistency: · holds an item but no controller on screen shows it"),
    // collateral-pops-write-back: a push whose stack is rebuilt below it (a deep link that moves
    // the path's screen it sits on) clears its slot. (On `counter` no pop is collateral: its
    // pushes are all the root model's, and clearing one clears the others, docs/SEMANTICS.md §3
    // rule 3.)
    ("value-stack", 20, "reference-agreement: the model differs from the reference: expected ·"),
  ])
  func swiftNavigationLikeDiffersOncePerDocumentedDifference(_ topology: String, _ runs: Int, _ signature: String) throws {
    let engine = EngineChoice.swiftNavigationLike.judged(by: .navfuzz)
    let found = defects(engine, runs: runs, topology: try #require(Topology.named(topology)))
    #expect(found.contains(signature), "\(found)")
    // Judged by its own profile, the same engine is clean there.
    #expect(defects(EngineChoice.swiftNavigationLike, runs: runs, topology: try #require(Topology.named(topology))) == [])
  }
}
