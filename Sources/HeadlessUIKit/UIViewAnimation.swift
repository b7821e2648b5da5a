import Foundation

/// UIView's block animation API. Nothing is drawn, so `animations` runs at once (the end state is
/// what navigation code observes); `completion(true)` runs on the virtual run loop when the
/// animation would end: after `delay + duration` virtual seconds, or on the next turn when the
/// duration is zero or animations are disabled (UIKit calls completions asynchronously; inferred).
extension UIView {
  public struct AnimationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
    public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
    public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
    public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
    public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
    public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
    public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)
    public static let curveEaseInOut = AnimationOptions([])
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
    public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
  }

  /// Whether animations are on (off inside `performWithoutAnimation`, or after
  /// `setAnimationsEnabled(false)`). Kept per environment, so runs do not leak into each other.
  public static var areAnimationsEnabled: Bool { HeadlessEnvironment.current.animationsEnabled }

  public static func setAnimationsEnabled(_ enabled: Bool) {
    HeadlessEnvironment.current.animationsEnabled = enabled
  }

  /// The duration of the animation block being run, in seconds; 0 outside one.
  public static var inheritedAnimationDuration: TimeInterval {
    HeadlessEnvironment.current.inheritedAnimationDuration
  }

  public static func animate(
    withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
    animations: @escaping @MainActor () -> Void, completion: (@MainActor (Bool) -> Void)? = nil
  ) {
    runAnimation(duration: duration, delay: delay, animations: animations, completion: completion)
  }

  public static func animate(
    withDuration duration: TimeInterval, animations: @escaping @MainActor () -> Void,
    completion: (@MainActor (Bool) -> Void)? = nil
  ) {
    runAnimation(duration: duration, delay: 0, animations: animations, completion: completion)
  }

  public static func animate(withDuration duration: TimeInterval, animations: @escaping @MainActor () -> Void) {
    runAnimation(duration: duration, delay: 0, animations: animations, completion: nil)
  }

  public static func animate(
    withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
    initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
    animations: @escaping @MainActor () -> Void, completion: (@MainActor (Bool) -> Void)? = nil
  ) {
    runAnimation(duration: duration, delay: delay, animations: animations, completion: completion)
  }

  /// iOS 17's spring animation.
  public static func animate(
    springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0, initialSpringVelocity: CGFloat = 0,
    delay: TimeInterval = 0, options: AnimationOptions = [], animations: @MainActor () -> Void,
    completion: (@MainActor (Bool) -> Void)? = nil
  ) {
    runAnimation(duration: duration, delay: delay, animations: animations, completion: completion)
  }

  public static func transition(
    with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
    animations: (@MainActor () -> Void)?, completion: (@MainActor (Bool) -> Void)? = nil
  ) {
    runAnimation(duration: duration, delay: 0, animations: animations ?? {}, completion: completion)
  }

  /// Runs `actions` with animations off; the previous setting comes back afterwards.
  public static func performWithoutAnimation(_ actions: @MainActor () -> Void) {
    let environment = HeadlessEnvironment.current
    let wasEnabled = environment.animationsEnabled
    environment.animationsEnabled = false
    defer { environment.animationsEnabled = wasEnabled }
    actions()
  }

  /// Repetition changes nothing when nothing is drawn: runs `animations` once, now.
  public static func modifyAnimations(
    withRepeatCount count: CGFloat, autoreverses: Bool, animations: @MainActor () -> Void
  ) {
    animations()
  }

  private static func runAnimation(
    duration: TimeInterval, delay: TimeInterval, animations: @MainActor () -> Void,
    completion: (@MainActor (Bool) -> Void)?
  ) {
    let environment = HeadlessEnvironment.current
    let animated = environment.animationsEnabled && duration > 0
    let outer = environment.inheritedAnimationDuration
    environment.inheritedAnimationDuration = animated ? duration : 0
    animations()
    environment.inheritedAnimationDuration = outer
    guard let completion else { return }
    environment.apply(.viewAnimationCompletesLater)
    let milliseconds = animated ? Int(((delay + duration) * 1000).rounded()) : 0
    environment.runLoop.schedule(after: max(milliseconds, 0)) { completion(true) }
  }
}
