import HeadlessUIKit
import NavigationReference
@_spi(Mutants) import StateDrivenNavigation

/// The built-in engine: StateDrivenNavigation's public API, one call per slot.
@MainActor
public struct StateDrivenEngine: NavigationEngine {
  public init() {}

  public func wire(_ slot: SlotConnection, on controller: UIViewController) {
    let model = UIBindable(slot.model)
    let content = slot.content
    switch (slot.spec.style, slot.spec.isFlag) {
    case (.push, false):
      controller.navigationDestination(item: model[dynamicMember: slot.itemKeyPath], onDismiss: slot.onDismiss) {
        content($0.wrappedValue)
      }
    case (.push, true):
      let source = slot.model, index = slot.index
      controller.navigationDestination(isPresented: model[dynamicMember: slot.flagKeyPath], onDismiss: slot.onDismiss) {
        content(source.peek(index)!)
      }
    case (_, false):
      controller.present(item: model[dynamicMember: slot.itemKeyPath], onDismiss: slot.onDismiss) {
        content($0.wrappedValue)
      }
    case (_, true):
      let source = slot.model, index = slot.index
      controller.present(isPresented: model[dynamicMember: slot.flagKeyPath], onDismiss: slot.onDismiss) {
        content(source.peek(index)!)
      }
    }
  }

  public func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController {
    Self.stack(path, root: root, NavigationStackController.init)
  }

  /// A stack controller (the built-in one, or a variant of it) driven by `path`, showing its screens.
  static func stack<Stack: NavigationStackController<PathElement>>(
    _ path: PathConnection, root: UIViewController,
    _ make: (UIBinding<[PathElement]>, UIViewController) -> Stack
  ) -> Stack {
    let stack = make(UIBindable(path.model)[dynamicMember: path.pathKeyPath], root)
    let content = path.content
    stack.navigationDestination(for: PathElement.self) { content($0) }
    return stack
  }
}

/// An engine the harness can run, by name: the built-in engine, a mutant, or a user's.
@MainActor
public struct EngineChoice: Sendable {
  public let name: String
  public let summary: String
  /// The invariant that names the bug, for mutants.
  public let expectedInvariant: InvariantID?
  let fault: EngineFault?
  let make: @MainActor @Sendable () -> any NavigationEngine
  /// The app's feature code that performs intents (`app` steps).
  let makeFeatures: @MainActor @Sendable () -> any AppFeatures

  /// A user's engine, and optionally the user's feature code.
  public init(
    name: String, summary: String, make: @escaping @MainActor @Sendable () -> any NavigationEngine,
    features: @escaping @MainActor @Sendable () -> any AppFeatures = { StandardFeatures() }
  ) {
    self.init(name: name, summary: summary, expectedInvariant: nil, fault: nil, make: make, features: features)
  }

  init(
    name: String, summary: String, expectedInvariant: InvariantID?, fault: EngineFault?,
    make: @escaping @MainActor @Sendable () -> any NavigationEngine,
    features: @escaping @MainActor @Sendable () -> any AppFeatures = { StandardFeatures() }
  ) {
    self.name = name
    self.summary = summary
    self.expectedInvariant = expectedInvariant
    self.fault = fault
    self.make = make
    self.makeFeatures = features
  }

  public static let `default` = EngineChoice(
    name: "state-driven", summary: "StateDrivenNavigation, the built-in engine", expectedInvariant: nil, fault: nil,
    make: { StateDrivenEngine() })

  /// The built-in engine with one known bug put back.
  static func mutant(_ fault: EngineFault) -> EngineChoice {
    EngineChoice(
      name: fault.rawValue, summary: fault.summary, expectedInvariant: fault.expectedInvariant, fault: fault,
      make: { StateDrivenEngine() })
  }

  /// The built-in engine with the live stream's "end meeting" glue bug in the app's features.
  public static let endMeetingGlueBug = EngineChoice(
    name: "end-meeting-before-last", summary: "app glue: end meeting returns to the element before last",
    expectedInvariant: .referenceAgreement, fault: nil, make: { StateDrivenEngine() },
    features: { EndMeetingReturnsToElementBeforeLast() })

  public static var mutants: [EngineChoice] {
    EngineFault.allCases.map(mutant) + [
      endMeetingGlueBug, reusesOneScreenTwice, coverWithoutNavigation, restoresPoppedScreens,
    ]
  }

  public static var all: [EngineChoice] { [.default] + mutants }

  public static func named(_ name: String) -> EngineChoice? {
    all.first { $0.name == name }
  }
}

extension EngineFault {
  /// What a developer would have written, and what goes wrong.
  var summary: String {
    switch self {
    case .presentOnEveryObservation: "presents on every observation of non-nil state: double presentation"
    case .noDismissOnNil: "does nothing when state becomes nil: the screen stays"
    case .noWriteBackOnUserDismissal: "never writes nil back after a user dismissal: state stays set"
    case .strongPresentedReference: "holds the presented controller strongly: no teardown, a leak"
    case .teardownIgnoresIdentity: "teardown writes nil without an identity check: the new item is cleared"
    case .identityIgnored: "presents only when nothing is presented: identity changes never show"
    case .oneSlotPerController: "one presented slot per controller: the second push never appears"
    case .eagerBindingRead: "reads the binding once, outside observation: later state never shows"
    case .pushDismissedNotPopped: "dismisses a pushed controller instead of popping it"
    case .popToSelf: "pops to the pushed controller itself instead of the one before it"
    case .stackNoWriteBack: "the stack never writes user pops back to the path"
    }
  }

  var expectedInvariant: InvariantID {
    switch self {
    case .presentOnEveryObservation: .noDoublePresentation
    case .noDismissOnNil: .stateUIConsistency
    case .noWriteBackOnUserDismissal: .dismissalWritesBack
    case .strongPresentedReference: .noLeaks
    case .teardownIgnoresIdentity: .identityRebinding
    case .identityIgnored: .identityRebinding
    case .oneSlotPerController: .stateUIConsistency
    case .eagerBindingRead: .stateUIConsistency
    case .pushDismissedNotPopped: .stateUIConsistency
    case .popToSelf: .stateUIConsistency
    case .stackNoWriteBack: .stackPathConsistency
    }
  }
}
