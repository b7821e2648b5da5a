import HeadlessUIKit

/// Where a child sits in its parent: its structural identity, together with its type.
enum ChildKey: Hashable {
  case index(Int)
  case trueBranch, falseBranch, some, content, body
  /// A `ForEach` element, by its id.
  case element(AnyHashable)
  /// `.id(_:)`: the value is the identity.
  case explicit(AnyHashable)
  /// A child a primitive names itself (a toolbar item, a label).
  case named(String)
}

/// A node's identity among its siblings: where it is and what type of view it holds. A different
/// type at the same place is a different identity, as in SwiftUI.
struct NodeIdentity: Hashable {
  var key: ChildKey
  var type: ObjectIdentifier
  /// Which occurrence of a repeated key (a `ForEach` with duplicate ids): 0 for the first.
  var occurrence = 0
}

/// What a node is on screen, for the dump and for the user's taps.
enum NodeRole {
  case text(String)
  case button(ButtonRole?, action: @MainActor () -> Void)
  case link(NavigationLinkTarget)
  case toolbarItem
  case field(String, value: String)
  case control(String, value: String)
  /// A `NavigationStack` or `TabView`: a container with a controller of its own.
  case container(any ContainerCoordinator)
}

/// A node of the view graph: one per view identity. It holds the last view value given for that
/// identity, its children, its environment, and the storage of its dynamic properties (`@State`,
/// `@StateObject`), which lives exactly as long as the node.
@MainActor
final class ViewNode {
  unowned let graph: SwiftUIEnvironment
  unowned let region: Region
  weak var parent: ViewNode?
  let identity: NodeIdentity
  let depth: Int
  var view: any View
  var children: [ViewNode] = []
  var environment: EnvironmentValues
  /// `@State` and `@StateObject` storage, by property name.
  var storage: [String: AnyObject] = [:]
  /// A primitive's own state (a presentation slot, a stack coordinator, a lifecycle record).
  var primitiveState: AnyObject?
  var role: NodeRole?
  var isDirty = false
  var isAlive = true
  /// Incremented at every evaluation: an observation registered by an older one is stale.
  var generation = 0
  /// Run when the node leaves the graph (its identity is gone).
  var teardown: [@MainActor () -> Void] = []
  /// The `ObservableObject`s whose `objectWillChange` invalidates this node.
  var subscriptions: [ObjectIdentifier: ObservableObjectPublisher] = [:]

  init(graph: SwiftUIEnvironment, region: Region, parent: ViewNode?, identity: NodeIdentity, view: any View,
       environment: EnvironmentValues) {
    self.graph = graph
    self.region = region
    self.parent = parent
    self.identity = identity
    self.depth = (parent?.depth ?? -1) + 1
    self.view = view
    self.environment = environment
  }

  /// Evaluates this node with `view` (its new value), then its children.
  func update(with view: any View) {
    self.view = view
    graph.evaluate(self)
  }

  /// Reconciles the children with `list`: a child whose identity is still there keeps its node
  /// (and its state); a new identity gets a new node; a gone identity's node is torn down.
  func setChildren(_ list: [(ChildKey, any View)], environment childEnvironment: EnvironmentValues? = nil) {
    let environment = childEnvironment ?? self.environment
    var old: [NodeIdentity: ViewNode] = [:]
    for child in children { old[child.identity] = child }
    var seen: [NodeIdentity: Int] = [:]
    var next: [ViewNode] = []
    next.reserveCapacity(list.count)
    for (key, view) in list {
      var identity = NodeIdentity(key: key, type: ObjectIdentifier(type(of: view)))
      let occurrence = seen[identity, default: 0]
      seen[identity] = occurrence + 1
      if occurrence > 0 {
        if case .element(let id) = key {
          graph.report(.duplicateForEachID, "ForEach: the ID \(id.base) occurs multiple times within the collection, this will give undefined results!")
        }
        identity.occurrence = occurrence
      }
      if let existing = old.removeValue(forKey: identity) {
        existing.environment = environment
        next.append(existing)
        existing.update(with: view)
      } else {
        let node = ViewNode(
          graph: graph, region: region, parent: self, identity: identity, view: view, environment: environment)
        next.append(node)
        node.update(with: view)
      }
    }
    let removed = children.filter { old[$0.identity] === $0 }
    children = next
    for node in removed { node.tearDown() }
  }

  /// The node's identity has left: its state goes, its tasks are cancelled, its `onDisappear`
  /// runs after the update (if it had appeared), what it presented is taken down.
  func tearDown() {
    guard isAlive else { return }
    isAlive = false
    for child in children { child.tearDown() }
    children = []
    let work = teardown
    teardown = []
    for item in work { item() }
    for publisher in subscriptions.values { publisher.unsubscribe(self) }
    subscriptions = [:]
    storage = [:]
  }

  /// This node and everything below it, in tree order.
  func forEachNode(_ body: (ViewNode) -> Void) {
    body(self)
    for child in children { child.forEachNode(body) }
  }

  /// Reads what `read` reads in an Observation tracking scope of this node's: a primitive's own
  /// reads (a stack's path, a tab view's selection, a field's text) evaluate it again when they
  /// change, as SwiftUI's attributes do. Only `read`: the children are evaluated in scopes of
  /// their own (Observation merges a nested scope's reads into the enclosing one).
  func track<T>(_ read: () -> T) -> T {
    let reference = NodeReference(node: self, generation: generation)
    return withObservationTracking(read) { SwiftUIEnvironment.observedChange(reference) }
  }

  func invalidate() {
    guard isAlive else { return }
    graph.invalidate(self)
  }

  /// The composite (user) view this node belongs to, for messages.
  var viewTypeName: String { String(describing: type(of: view)) }
}

/// A weak reference to a node that may cross into Observation's `@Sendable` change handler; the
/// handler only ever runs the node's invalidation on the main actor.
struct NodeReference: @unchecked Sendable {
  weak var node: ViewNode?
  let generation: Int
}

/// A tree of views shown by one controller: the window's root content, a presented sheet's, a
/// stack's root, a pushed destination, a tab. It owns the root node; the node tree owns the rest.
@MainActor
final class Region {
  enum Kind: Equatable {
    case window, presented, stackRoot, pushed, tab, hosted, detached
  }

  unowned let graph: SwiftUIEnvironment
  let kind: Kind
  /// Creation order: dirty nodes of older regions are evaluated first.
  let order: Int
  var rootNode: ViewNode!
  /// The controller showing this region (weak: the controller's owner holds it).
  weak var controller: UIViewController?
  /// Whether the controller is on screen, from its `viewWillAppear` to its `viewDidDisappear`.
  var isVisible = false
  /// For a pushed region: the stack it is pushed on.
  weak var stack: StackCoordinator?
  /// The region of the container this one is shown in (a stack's or a tab view's region).
  weak var parentRegion: Region?
  /// Work waiting for the region's controller (`whenAttached`).
  var waitingForController: [@MainActor () -> Void] = []
  /// Work waiting for the region to be on screen (`whenVisible`).
  var waitingForVisibility: [@MainActor () -> Void] = []

  init(graph: SwiftUIEnvironment, kind: Kind) {
    self.graph = graph
    self.kind = kind
    self.order = graph.nextRegionOrder()
  }

  /// Gives the region its root content and evaluates it (inside an update, so what it presents
  /// or pushes is reconciled after it).
  func setRoot(_ view: any View, environment: EnvironmentValues) {
    graph.withUpdate {
      let root = AnyView(erasedView: view)
      if let rootNode {
        rootNode.environment = environment
        rootNode.update(with: root)
      } else {
        let node = ViewNode(
          graph: graph, region: self, parent: nil, identity: NodeIdentity(key: .content, type: ObjectIdentifier(AnyView.self)),
          view: root, environment: environment)
        rootNode = node
        node.update(with: root)
      }
    }
  }

  /// The container (`NavigationStack`, `TabView`) that is this region's whole content, if any:
  /// then its controller is the region's (SwiftUI's hosting of a stack at the root of a window or
  /// sheet is a navigation controller, and a person's back and swipe act on it).
  var wholeContainer: (any ContainerCoordinator)? {
    var node: ViewNode? = rootNode
    while let current = node {
      if case .container(let coordinator)? = current.role { return coordinator }
      if current.role != nil || current.children.count != 1 { return nil }
      node = current.children[0]
    }
    return nil
  }

  func becameVisible() {
    guard !isVisible else { return }
    isVisible = true
    let waiting = waitingForVisibility
    waitingForVisibility = []
    graph.withUpdate {
      rootNode?.forEachNode { LifecycleRecord.appear($0) }
      for work in waiting { work() }
    }
  }

  func becameInvisible() {
    guard isVisible else { return }
    isVisible = false
    graph.withUpdate { rootNode?.forEachNode { LifecycleRecord.disappear($0) } }
  }

  func tearDown() {
    rootNode?.tearDown()
  }

  /// Every node of the region, in tree order.
  func forEachNode(_ body: (ViewNode) -> Void) { rootNode?.forEachNode(body) }
}

extension AnyView {
  init(erasedView view: any View) {
    if let any = view as? AnyView { self = any } else { self.init(existential: view) }
  }
  private init(existential view: any View) {
    func open<V: View>(_ view: V) -> AnyView { AnyView(view) }
    self = open(view)
  }
}

// MARK: - Evaluation

extension SwiftUIEnvironment {
  /// Evaluates one node: a primitive says what its children are; a composite view's properties
  /// are linked to the node's storage and its body is evaluated inside an Observation tracking
  /// scope, so a later change of what it read invalidates it.
  func evaluate(_ node: ViewNode) {
    node.isDirty = false
    node.generation += 1
    let reference = NodeReference(node: node, generation: node.generation)
    if let primitive = node.view as? PrimitiveView {
      primitive.update(node)
      return
    }
    DynamicPropertyLinker.link(node.view, to: node)
    evaluatingBodies += 1
    let body = withObservationTracking {
      Self.body(of: node.view)
    } onChange: {
      SwiftUIEnvironment.observedChange(reference)
    }
    evaluatingBodies -= 1
    apply(.observationDrivesUpdates)
    node.setChildren([(.body, body)])
  }

  private static func body<V: View>(of view: V) -> any View { view.body }

  /// Observation's change handler: the node is evaluated again on a later turn of the run loop.
  /// Models are changed on the main actor, as SwiftUI requires of what its views observe (the
  /// simulated world is single-threaded: a change from elsewhere traps here).
  nonisolated static func observedChange(_ reference: NodeReference) {
    MainActor.assumeIsolated {
      guard let node = reference.node, node.generation == reference.generation else { return }
      node.graph.noteTransactionOfAWrite()
      node.invalidate()
    }
  }

  /// Marks `node` for evaluation on the next update, which is queued on the run loop (coalesced:
  /// any number of changes in one turn make one update).
  func invalidate(_ node: ViewNode) {
    if evaluatingBodies > 0 {
      report(.modifyingStateDuringUpdate, "Modifying state during view update, this will cause undefined behavior.")
    }
    guard !node.isDirty else { return }
    node.isDirty = true
    dirtyNodes.append(node)
    scheduleUpdate()
  }

  func scheduleUpdate() {
    guard !updateScheduled else { return }
    updateScheduled = true
    apply(.updatesOnTheRunLoop)
    world.runLoop.schedule { [weak self] in self?.runUpdate() }
  }

  /// One update: every dirty node, outermost first (a node evaluated with its parent is not
  /// evaluated again), then what the update changed is carried out (presentations, pushes,
  /// lifecycle callbacks), in tree order.
  func runUpdate() {
    updateScheduled = false
    let nodes = dirtyNodes.sorted { ($0.region.order, $0.depth) < ($1.region.order, $1.depth) }
    dirtyNodes = []
    currentTransaction = pendingTransaction ?? Transaction()
    pendingTransaction = nil
    withUpdate {
      for node in nodes where node.isAlive && node.isDirty { evaluate(node) }
    }
    currentTransaction = Transaction()
  }

  /// Runs `body` as (part of) an update: the work it queues for after the update runs once the
  /// outermost one ends.
  func withUpdate(_ body: () -> Void) {
    updateDepth += 1
    body()
    updateDepth -= 1
    guard updateDepth == 0 else { return }
    while !afterUpdate.isEmpty {
      let work = afterUpdate
      afterUpdate = []
      updateDepth += 1
      for item in work { item() }
      updateDepth -= 1
    }
  }

  /// Queues work for when the current update's evaluations are over.
  func afterCurrentUpdate(_ work: @escaping @MainActor () -> Void) {
    if updateDepth == 0 { withUpdate(work) } else { afterUpdate.append(work) }
  }
}

/// Finds a view's dynamic properties (by reflection, as SwiftUI finds them by its metadata) and
/// links each to the storage of the node's identity before its body is evaluated.
@MainActor
enum DynamicPropertyLinker {
  static func link(_ value: Any, to node: ViewNode, prefix: String = "") {
    let mirror = Mirror(reflecting: value)
    if mirror.children.isEmpty { return }
    for child in mirror.children {
      guard let label = child.label else { continue }
      if let property = child.value as? GraphLinkedProperty {
        property.link(to: node, name: prefix + label)
      } else if child.value is DynamicProperty {
        link(child.value, to: node, prefix: prefix + label + ".")
      }
    }
  }
}

/// A dynamic property the graph links to a node (`@State`, `@Environment`, …).
@MainActor
protocol GraphLinkedProperty {
  func link(to node: ViewNode, name: String)
}
