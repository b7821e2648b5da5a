import Foundation
import HeadlessUIKit
import Testing

/// The registry of UIKit's rules and what a run records of them.
@MainActor
@Suite struct UIKitRuleTests {
  @Test func everyRuleHasAUniqueIDAndASource() {
    let ids = UIKitRule.allCases.map(\.id)
    #expect(Set(ids).count == ids.count)
    for rule in UIKitRule.allCases {
      #expect(UIKitRule(id: rule.id) == rule)
      #expect(!rule.source.isEmpty, "\(rule.id)")
      #expect(rule.id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(rule.id)")
    }
  }

  @Test func everyDiagnosticNamesItsRule() {
    // A refusal or an exception is evidence of a UIKit message: none may rest on a guess about
    // the message itself, only about what follows it (the completion, the swipe's outcome).
    for kind in UIKitDiagnostic.Kind.allCases where kind.isException || kind.isRefusal {
      if kind.rule.evidence == .inferred {
        #expect([.presentChildController, .pushControllerWithParent].contains(kind), "\(kind) rests on an inferred rule")
      }
    }
    #expect(UIKitDiagnostic.Kind.dismissDeferred.rule == .dismissWaitsForRunningTransition)
    #expect(UIKitDiagnostic.Kind.navigationStackNotUpdated.rule == .stackChangeDroppedDuringAPresentation)
  }

  @Test func aWorldRecordsTheRulesItAppliesAndTheNextWorldStartsEmpty() {
    let world = TestWorld()
    #expect(world.environment.appliedRules.isEmpty)
    let sheet = LoggingController(name: "sheet")
    world.root.present(sheet, animated: false)  // no animation: the completion on the next turn
    world.settle()
    sheet.dismiss(animated: true)
    world.root.dismiss(animated: true)  // waits for the sheet's dismissal
    world.settle()
    let applied = Array(world.environment.appliedRules)
    #expect(applied == [.unanimatedCompletesOnNextTurn, .dismissWaitsForRunningTransition])
    #expect(world.environment.appliedRules.inferredIDs == ["unanimated-completes-next-turn"])
    #expect(TestWorld().environment.appliedRules.isEmpty)
  }

  @Test func theSetHoldsRulesPastTheFirstWord() {
    var set = UIKitRuleSet()
    let last = UIKitRule.allCases.last!
    set.insert(last)
    set.insert(.virtualTime)
    #expect(Array(set) == [.virtualTime, last])
    #expect(set.contains(last) && !set.contains(.transitionDurations))
  }
}
