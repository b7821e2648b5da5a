import Foundation

/// Core Animation's transactions, as navigation code uses them: to learn when a push, pop,
/// presentation or dismissal it started has finished
/// (`CATransaction.begin(); setCompletionBlock { … }; push…; CATransaction.commit()`).
///
/// A transaction's completion block runs when every transition that began between its `begin` and
/// its `commit` has ended (animated or not, finished or cancelled), after the transitions' own
/// completions; with no transition begun, on the next run-loop turn (Core Animation runs it once
/// the transaction's animations — none — are done). Transactions nest: each level has its own
/// block. [doc: "the completion block is called when all animations added in this transaction
/// have completed"; choice: transitions stand for the animations they are on iOS, and
/// `UIView.animate` blocks inside a transaction are not waited for]
@preconcurrency @MainActor
open class CATransaction: NSObject {
  private struct Level {
    var completion: (@MainActor () -> Void)?
    var animationDuration: TimeInterval = 0.25
    var disableActions = false
    var timingFunction: CAMediaTimingFunction?
    /// The transitions in flight when the transaction began.
    var before: [ObjectIdentifier]
  }

  /// The open transactions of the current world (a new world starts with none).
  private final class Levels {
    var stack: [Level] = []
  }

  nonisolated(unsafe) private static var levelsKey: UInt8 = 0

  private static var levels: [Level] {
    get { (objc_getAssociatedObject(HeadlessEnvironment.current, &levelsKey) as? Levels)?.stack ?? [] }
    set {
      let box = objc_getAssociatedObject(HeadlessEnvironment.current, &levelsKey) as? Levels ?? Levels()
      box.stack = newValue
      objc_setAssociatedObject(HeadlessEnvironment.current, &levelsKey, box, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    }
  }

  /// Whether the current world has a transaction begun and not committed.
  static var hasOpenTransactions: Bool { !levels.isEmpty }

  public static func begin() {
    levels.append(Level(before: HeadlessEnvironment.current.activeTransitions.map(ObjectIdentifier.init)))
  }

  /// Ends the innermost transaction, arranging for its completion block. A `commit` without a
  /// `begin` does nothing (Core Animation logs it).
  public static func commit() {
    guard let level = levels.popLast() else { return }
    guard let completion = level.completion else { return }
    let begun = HeadlessEnvironment.current.activeTransitions.filter { !level.before.contains(ObjectIdentifier($0)) }
    guard !begun.isEmpty else {
      HeadlessEnvironment.current.runLoop.schedule(completion)
      return
    }
    var remaining = begun.count
    for transition in begun {
      transition.coordinator.animate(alongsideTransition: nil) { _ in
        remaining -= 1
        if remaining == 0 { completion() }
      }
    }
  }

  /// Runs the pending commits now (nothing is pending here).
  public static func flush() {}

  public static func setCompletionBlock(_ block: (@MainActor () -> Void)?) {
    guard !levels.isEmpty else { return }
    levels[levels.count - 1].completion = block
  }

  public static func completionBlock() -> (@MainActor () -> Void)? { levels.last?.completion }

  public static func animationDuration() -> TimeInterval { levels.last?.animationDuration ?? 0.25 }

  public static func setAnimationDuration(_ duration: TimeInterval) {
    guard !levels.isEmpty else { return }
    levels[levels.count - 1].animationDuration = duration
  }

  public static func disableActions() -> Bool { levels.last?.disableActions ?? false }

  public static func setDisableActions(_ flag: Bool) {
    guard !levels.isEmpty else { return }
    levels[levels.count - 1].disableActions = flag
  }

  public static func animationTimingFunction() -> CAMediaTimingFunction? { levels.last?.timingFunction }

  public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
    guard !levels.isEmpty else { return }
    levels[levels.count - 1].timingFunction = function
  }
}

/// A timing curve (held).
public final class CAMediaTimingFunction: Sendable {
  public let name: CAMediaTimingFunctionName
  public init(name: CAMediaTimingFunctionName) { self.name = name }
}

public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
  public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
  public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
  public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
  public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}
