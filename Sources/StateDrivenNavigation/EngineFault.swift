import HeadlessUIKit

/// Known bugs that can be put back into the engine, one at a time, to prove the harness finds
/// them. Each is what a developer writing this engine naively would have written (the seed
/// episodes walk through every one). Not for production: off unless a harness turns one on.
@_spi(Mutants)
public enum EngineFault: String, CaseIterable, Sendable {
  /// Presents on every observation of non-nil state, without checking what is already presented.
  case presentOnEveryObservation = "present-on-every-observation"
  /// Does nothing when the state becomes nil.
  case noDismissOnNil = "no-dismiss-on-nil"
  /// Never writes nil back when the user dismisses (swipe, alert button, back).
  case noWriteBackOnUserDismissal = "no-write-back"
  /// Holds the presented controller strongly and relies on its deinit to write back: after a user
  /// dismissal the deinit never comes, the state stays set and the controller leaks.
  case strongPresentedReference = "strong-presented-reference"
  /// Writes nil on teardown without checking the item's identity.
  case teardownIgnoresIdentity = "teardown-ignores-identity"
  /// Presents only when nothing is presented: identity changes are ignored.
  case identityIgnored = "identity-ignored"
  /// Keeps one presented slot per controller instead of one per binding.
  case oneSlotPerController = "one-slot-per-controller"
  /// Reads the binding once, outside observation: later state never reaches the screen.
  case eagerBindingRead = "eager-binding-read"
  /// "Dismisses" a pushed controller with `dismiss(animated:)` instead of popping it.
  case pushDismissedNotPopped = "push-dismissed-not-popped"
  /// Pops to the pushed controller itself instead of to the one before it.
  case popToSelf = "pop-to-self"
  /// The navigation stack never writes user pops back to the path.
  case stackNoWriteBack = "stack-no-write-back"

  /// The fault in effect in the current simulated world; nil for the real engine. The harness
  /// sets it per run, after starting the world: a new world starts without a fault, so a fault
  /// can never leak from one run (or test) into the next.
  @MainActor public static var active: EngineFault? {
    get { world === HeadlessEnvironment.current ? stored : nil }
    set {
      stored = newValue
      world = HeadlessEnvironment.current
    }
  }

  @MainActor private static var stored: EngineFault?
  @MainActor private static weak var world: HeadlessEnvironment?
}

@MainActor
func faultIsActive(_ fault: EngineFault) -> Bool {
  EngineFault.active == fault
}
