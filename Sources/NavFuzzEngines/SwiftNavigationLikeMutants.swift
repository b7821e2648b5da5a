import NavigationFuzzing
@_spi(Rules) import StateDrivenNavigation

extension Mutant {
  /// `swift-navigation-like` with one rule broken, each the shape of a defect found running the
  /// real pointfreeco/swift-navigation under NavFuzz (written from its description, not from the
  /// library's code). Judged, like their base, by the `swift-navigation` profile: they prove the
  /// profile still catches the library's real defects once its documented choices are accepted.
  static let ofSwiftNavigationLike: [Mutant] = [
    // UIKit's `presentedViewController` answers for a modal an ancestor presented, so a
    // pusher under a sheet believes it presents something and pops from itself.
    Mutant(
      "sn-pops-pusher-under-modal",
      "clearing a push while a modal covers the stack pops from the pusher (its presentedViewController is an ancestor's): the pusher goes too",
      caughtBy: .referenceAgreement, of: .swiftNavigationLike
    ) { $0.popsFromThePushedController = false },
    // The stack's path sync compares counts one turn after the pop; a rebuild for a path
    // changed before the stack looked makes them agree.
    Mutant(
      "sn-pop-lost-to-path-change",
      "the stack's pop sync compares counts one turn later: a user's pop is lost when the path changed before the stack looked",
      caughtBy: .referenceAgreement, of: .swiftNavigationLike
    ) { $0.stackPopSync = .nextTurnComparingCounts },
    // The teardown that dismisses a departed presenter's modal skips the binding's onDismiss.
    Mutant(
      "sn-modal-gone-no-ondismiss",
      "a modal torn down because its presenter left the stack never runs onDismiss",
      caughtBy: .onDismissExactlyOnce, of: .swiftNavigationLike
    ) { $0.runsOnDismissWhenPresenterLeaves = false },
    // Popping one controller per removed element: the top may be the element's own push.
    Mutant(
      "sn-pops-only-the-top",
      "removing the last path element pops only the top controller, which may be that element's own pushed child",
      caughtBy: .stackPathConsistency, of: .swiftNavigationLike
    ) { $0.popsRemovedPathElementsWhole = false },
    // The sync after a pop writes the shorter path a turn late, over an append made meanwhile.
    Mutant(
      "sn-pop-sync-erases-append",
      "the pop's path sync writes the shorter path one turn late: a path append made as the pop ends is erased",
      caughtBy: .referenceAgreement, of: .swiftNavigationLike
    ) { $0.stackPopSync = .writtenOneTurnLate },
  ]
}
