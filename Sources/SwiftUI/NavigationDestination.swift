import HeadlessUIKit

/// One `navigationDestination(isPresented:)` or `(item:)`: while its binding is set, its
/// destination is pushed above the screen the modifier is on; a person's pop writes `false` or
/// `nil` once the pop has ended (rule 44).
@MainActor
final class DestinationSlot {
  weak var node: ViewNode?
  var isActive = false
  var identity: AnyHashable?
  var content: () -> AnyView = { AnyView(EmptyView()) }
  var clear: () -> Void = {}
  /// Whether the binding holds a destination now (read live): what a harness checks after the
  /// write-back of a pop (HarnessHooks.swift).
  var isHeld: () -> Bool = { false }
  private weak var entry: StackEntry?
  private var pushedIdentity: AnyHashable?

  init(node: ViewNode) { self.node = node }

  func reconcile() {
    guard let node, node.isAlive, let context = node.environment.navigationContext, let stack = context.stack else { return }
    if isActive {
      if let entry, stack.entries.contains(where: { $0 === entry }) {
        if identity != pushedIdentity {
          // A new item while pushed: pushed again (SEMANTICS' choice for rule 44).
          self.entry = stack.push(destination: self, content: content(), level: context.level)
          pushedIdentity = identity
        } else {
          entry.region.setRoot(content(), environment: entry.region.rootNode?.environment ?? EnvironmentValues())
        }
      } else {
        entry = stack.push(destination: self, content: content(), level: context.level)
        pushedIdentity = identity
      }
    } else if entry != nil {
      stack.pop(destination: self)
      entry = nil
    }
  }

  /// UIKit took the pushed screen off (a person's back, `dismiss()`): the binding is written.
  func poppedByUIKit() {
    guard entry != nil else { return }
    entry = nil
    pushedIdentity = nil
    if isActive {
      clear()
      if let node {
        node.graph.noteWriteBack(
          SwiftUIWriteBack(
            what: "false or nil to the binding of the destination pushed from \(StackCoordinator.describedTitle(node.region.controller?.title))",
            by: "a pop", taken: !isHeld(), time: node.graph.world.runLoop.now))
      }
    }
  }
}

struct DestinationSlotModifier {
  typealias Body = Never
  let isActive: Bool
  let identity: AnyHashable?
  let content: () -> AnyView
  let clear: () -> Void
  let isHeld: () -> Bool

  @MainActor func update(_ node: ViewNode, content inner: any View) {
    let slot = (node.primitiveState as? DestinationSlot) ?? DestinationSlot(node: node)
    node.primitiveState = slot
    slot.isActive = isActive
    slot.identity = identity
    slot.content = content
    slot.clear = clear
    slot.isHeld = isHeld
    node.setChildren([(.content, inner)])
    node.graph.afterCurrentUpdate { [weak slot] in slot?.reconcile() }
  }
}

extension View {
  /// Pushes `destination` on the surrounding stack while `isPresented` is true.
  public func navigationDestination<V: View>(
    isPresented: Binding<Bool>, @ViewBuilder destination: () -> V
  ) -> some View {
    let view = AnyView(destination())
    return modifier(
      DestinationSlotModifier(
        isActive: isPresented.wrappedValue, identity: nil, content: { view },
        clear: { isPresented.wrappedValue = false }, isHeld: { isPresented.wrappedValue }))
  }

  /// Pushes `destination(item)` on the surrounding stack while `item` is not nil.
  public func navigationDestination<D: Hashable, C: View>(
    item: Binding<D?>, @ViewBuilder destination: @escaping (D) -> C
  ) -> some View {
    let current = item.wrappedValue
    return modifier(
      DestinationSlotModifier(
        isActive: current != nil, identity: erase(current),
        content: { current.map { AnyView(destination($0)) } ?? AnyView(EmptyView()) },
        clear: { item.wrappedValue = nil }, isHeld: { item.wrappedValue != nil }))
  }
}

// Conformances in extensions, so the types' initializers are not main-actor isolated (as
// Apple's views may be made anywhere; only their bodies run on the main actor).
extension DestinationSlotModifier: ViewModifier, PrimitiveModifier {}
