import HeadlessUIKit

/// Something SwiftUI would have printed to the console, in its wording, recorded in order (as
/// HeadlessUIKit records UIKit's). Not SwiftUI API.
public struct SwiftUIDiagnostic: Hashable, Sendable, CustomStringConvertible {
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// A second presentation from one host while one is shown: it waits (rule 9).
    case onlyOnePresentation = "only-one-presentation"
    /// A `navigationDestination(for:)` for a type already declared nearer the root (rule 37).
    case destinationDeclaredEarlier = "destination-declared-earlier"
    /// A `NavigationLink(value:)` with no destination for its type in sight (rule 39).
    case linkWithoutDestination = "link-without-destination"
    /// A path value with no destination for its type: pushed as a blank screen (rule 40).
    case valueWithoutDestination = "value-without-destination"
    /// A `NavigationStack` inside another stack's content (rule 36).
    case nestedNavigationStack = "nested-navigation-stack"
    /// State written while a body was being evaluated.
    case modifyingStateDuringUpdate = "modifying-state-during-update"
    case duplicateForEachID = "duplicate-for-each-id"
    /// Something this module holds but does not act on was asked to act (a link outside any
    /// stack, a container where none is modelled).
    case notModelled = "not-modelled"

    public var rule: SwiftUIRule? {
      switch self {
      case .onlyOnePresentation: return .onePresentationPerHost
      case .destinationDeclaredEarlier: return .destinationNearestTheRootWins
      case .linkWithoutDestination: return .linkWithoutDestinationIsInert
      case .valueWithoutDestination: return .valueWithoutDestinationIsABlankScreen
      case .nestedNavigationStack: return .nestedStackIsTheSurroundingStack
      case .modifyingStateDuringUpdate: return .modifyingStateDuringUpdate
      case .duplicateForEachID, .notModelled: return nil
      }
    }
  }

  public var kind: Kind
  /// The message in SwiftUI's wording (or, for `notModelled`, ours).
  public var message: String
  /// Virtual time at which it was said.
  public var time: Int

  public var description: String { "[\(kind.rawValue)] \(message)" }
}

/// Where devices disagree, the choice this run makes (docs/SEMANTICS.md, "SwiftUI"). The default
/// is what Apple documents. Not SwiftUI API.
public struct SwiftUIProfile: Sendable, Equatable {
  /// Rule 21: whether an alert's or dialog's button writes `false` to its binding before its
  /// action runs (one device report) rather than after it (Apple's documentation, TCA #3272).
  public var alertWritesBackBeforeAction = false
  public init() {}
}

/// The SwiftUI side of one simulated world: its view graph, what SwiftUI said, the rules it
/// applied. It follows `HeadlessEnvironment.current`: a new world (`HeadlessEnvironment.reset()`)
/// gets a new one. Not SwiftUI API.
@MainActor
public final class SwiftUIEnvironment {
  /// The SwiftUI side of `HeadlessEnvironment.current`.
  public static var current: SwiftUIEnvironment {
    let world = HeadlessEnvironment.current
    if let stored = storedCurrent, stored.world === world { return stored }
    let fresh = SwiftUIEnvironment(world: world)
    storedCurrent = fresh
    return fresh
  }
  private static var storedCurrent: SwiftUIEnvironment?

  /// The HeadlessUIKit world this one runs in.
  public let world: HeadlessEnvironment
  public var profile = SwiftUIProfile()
  public var diagnostics: [SwiftUIDiagnostic] { reported }
  /// The rules of SwiftUI applied so far, in case order.
  public var appliedRules: [SwiftUIRule] { SwiftUIRule.allCases.filter { applied.contains($0) } }
  public func hasApplied(_ rule: SwiftUIRule) -> Bool { applied.contains(rule) }

  var reported: [SwiftUIDiagnostic] = []
  var applied = Set<SwiftUIRule>()
  // The graph's update machinery (ViewGraph.swift).
  var dirtyNodes: [ViewNode] = []
  var updateScheduled = false
  var updateDepth = 0
  var afterUpdate: [@MainActor () -> Void] = []
  var evaluatingBodies = 0
  var regionCount = 0
  /// The transaction of the update being carried out, and the one the next update will carry.
  var currentTransaction = Transaction()
  var pendingTransaction: Transaction?
  /// The transaction `withTransaction`/`withAnimation` opened, while their body runs.
  var openTransaction: Transaction?
  /// Windows launched in this world, held as UIKit's application holds its windows.
  var windows: [UIWindow] = []
  /// The root regions of those windows.
  var windowRegions: [Region] = []
  /// Presentations waiting for their host to be free (rule 9), in request order.
  var waitingPresentations: [PresentationSlot] = []
  /// The write-backs made on a person's behalf, in order (HarnessHooks.swift).
  var recordedWriteBacks: [SwiftUIWriteBack] = []

  init(world: HeadlessEnvironment) {
    self.world = world
  }

  func nextRegionOrder() -> Int {
    regionCount += 1
    return regionCount
  }

  func apply(_ rule: SwiftUIRule) { applied.insert(rule) }

  func report(_ kind: SwiftUIDiagnostic.Kind, _ message: String) {
    if let rule = kind.rule { apply(rule) }
    reported.append(SwiftUIDiagnostic(kind: kind, message: message, time: world.runLoop.now))
  }

  /// A write is about to invalidate something: the transaction it was made in (if any) is the
  /// one the next update carries.
  func noteTransactionOfAWrite() {
    if let openTransaction { pendingTransaction = openTransaction }
  }

  /// Whether what the current update changes on screen animates.
  var animatesChanges: Bool { !currentTransaction.disablesAnimations }
}
