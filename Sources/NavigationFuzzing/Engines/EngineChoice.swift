import NavigationReference
import Synchronization

/// An engine the harness can run, by name. The built-in engine, each mutant and a user's engine
/// are all this one kind of thing: a name, a summary, a way to make the engine in a fresh world,
/// and the app's feature code. The harness treats none of them specially.
@MainActor
public struct EngineChoice: Sendable {
  public let name: String
  public let summary: String
  /// For engines with a known bug put back (mutants): the invariant that names the bug.
  public let expectedInvariant: InvariantID?
  /// For mutants: the name of the engine they put a bug back into, which is clean where they
  /// are caught.
  public let mutantOf: String?
  /// The profile the reference judges this engine by: the one it declares, unless a command,
  /// a trace or a test chose another (`judged(by:)`).
  public private(set) var semantics: SemanticsProfile
  /// The profile the engine declares, whichever judges it: a failure that goes away under one of
  /// its switches is that documented difference (`SemanticsDifference`).
  public let declaredSemantics: SemanticsProfile
  /// What the engine offers, and the violations its user accepts.
  public private(set) var contract: EngineContract
  /// For mutants: the topology their bug shows on (a stack bug needs a path), which
  /// `navfuzz mutants` fuzzes them on; nil for `basic`.
  public private(set) var caughtOn: String?
  let make: @MainActor @Sendable () -> any NavigationEngine
  /// The app's feature code that performs intents (`app` steps).
  let makeFeatures: @MainActor @Sendable () -> any AppFeatures

  /// An engine, and optionally the app's feature code and the invariant its known bug breaks.
  public init(
    name: String, summary: String, caughtBy expectedInvariant: InvariantID? = nil,
    semantics: SemanticsProfile = .navfuzz, contract: EngineContract = EngineContract(), mutantOf: String? = nil,
    make: @escaping @MainActor @Sendable () -> any NavigationEngine,
    features: @escaping @MainActor @Sendable () -> any AppFeatures = { StandardFeatures() }
  ) {
    self.name = name
    self.summary = summary
    self.expectedInvariant = expectedInvariant
    self.mutantOf = mutantOf ?? (expectedInvariant == nil ? nil : EngineChoice.defaultName)
    self.semantics = semantics
    self.declaredSemantics = semantics
    self.contract = contract
    self.make = make
    self.makeFeatures = features
  }

  /// An engine judged by the profile and contract its type declares (`NavigationEngine.semantics`,
  /// `NavigationEngine.contract`).
  public static func declared<Engine: NavigationEngine>(
    by make: @escaping @MainActor @Sendable () -> Engine, name: String, summary: String,
    features: @escaping @MainActor @Sendable () -> any AppFeatures = { StandardFeatures() }
  ) -> EngineChoice {
    EngineChoice(
      name: name, summary: summary, semantics: Engine.semantics, contract: Engine.contract, make: make,
      features: features)
  }

  /// The `semantics` line a trace of this engine carries: none only where replaying the trace
  /// without one picks this profile anyway (navfuzz, for an engine that declares navfuzz). An
  /// engine that declares another profile but is judged by navfuzz says so, or its saved traces
  /// would replay under its own profile and not reproduce.
  public var semanticsLineForTraces: String? {
    semantics == .navfuzz && declaredSemantics == .navfuzz ? nil : semantics.name
  }

  /// The same engine, fuzzed by `navfuzz mutants` on the topology named `topology`.
  public func caught(on topology: String) -> EngineChoice {
    var copy = self
    copy.caughtOn = topology
    return copy
  }

  /// The same engine, judged by another profile.
  public func judged(by semantics: SemanticsProfile) -> EngineChoice {
    var copy = self
    copy.semantics = semantics
    return copy
  }

  /// The same engine, with violations of `invariant` accepted for `reason` (required).
  public func allowing(_ invariant: InvariantID, because reason: String) throws(AllowanceError) -> EngineChoice {
    var copy = self
    try copy.contract.allow(invariant, because: reason)
    return copy
  }

  /// The engine a trace runs when it names none, and a command when given none: the name the
  /// trace format reserves for the built-in engine, whichever module registers it.
  package static let defaultName = "state-driven"

  /// The engine registered under `defaultName`: the built-in one, where the executable registered
  /// the built-in engines (`navfuzz` does; a package's own command line may not).
  package static var registeredDefault: EngineChoice? { named(defaultName) }

  /// Every engine known by name: those registered as built in (`registerBuiltIn`), then the
  /// others, each in the order it was registered.
  public static var all: [EngineChoice] { registry.withLock { $0.builtIn + $0.others } }

  /// Engines registered as built in, in order.
  public static var builtIn: [EngineChoice] { registry.withLock { $0.builtIn } }

  /// The mutants among the built-in engines, in order: what `navfuzz mutants` measures.
  public static var mutants: [EngineChoice] { builtIn.filter { $0.mutantOf != nil } }

  public static func named(_ name: String) -> EngineChoice? {
    all.first { $0.name == name }
  }

  /// Makes an engine known by name to the command line's `--engine`, traces' `engine` lines and
  /// `navfuzz list`, the same way the built-in ones are. A name already registered is replaced;
  /// a built-in name cannot be taken.
  public static func register(_ engine: EngineChoice) {
    registry.withLock { registry in
      guard !registry.builtIn.contains(where: { $0.name == engine.name }) else { return }
      registry.others.removeAll { $0.name == engine.name }
      registry.others.append(engine)
    }
  }

  /// Registers the engines a package ships as its built-in ones (NavFuzz's own: the built-in
  /// engine, the swift-navigation-like one and the mutants), once: a second call changes nothing.
  package static func registerBuiltIn(_ engines: [EngineChoice]) {
    registry.withLock { registry in
      guard registry.builtIn.isEmpty else { return }
      registry.builtIn = engines
      registry.others.removeAll { engine in engines.contains { $0.name == engine.name } }
    }
  }

  private struct Registry {
    var builtIn: [EngineChoice] = []
    var others: [EngineChoice] = []
  }

  private static let registry = Mutex(Registry())
}
