import Foundation

/// Lets a UIKit test suite written for a simulator run here unchanged: the main queue runs while a
/// test awaits, and the app has a window to present from.
///
/// On iOS, a test that awaits — `await Task.yield()`, `await fulfillment(of:timeout:)`,
/// `wait(for:timeout:)`, `try await Task.sleep(…)` — lets the main queue run: observation hops,
/// `DispatchQueue.main.async`, animation completions. Here the main queue is the virtual run loop,
/// which runs only when asked; without a driver such a test waits for work that never runs. And a
/// hosted suite presents from the app's window (`UIApplication.shared.connectedScenes.first` →
/// `UIWindowScene.windows.first`), which a test host app has and a bare process has not.
///
/// `HeadlessTestDriver.start()` supplies both. The driver runs in passes on the main queue: as soon
/// as work is scheduled, a pass is queued, and when the main actor is free (the test awaits) it
/// runs every turn of the virtual run loop that is due, as the main queue runs what was queued on
/// iOS before the test resumes. When only delayed work is queued (an animation's end, an
/// `asyncAfter`), the driver lets `yieldsBeforeTimePasses` passes go by and then moves the virtual
/// clock to that work: a test that waits (an expectation, a sleep) waits as long as the animation
/// takes, as on iOS, while a test that yields sees no time pass, as a yield on iOS takes
/// microseconds and an animation hundreds of milliseconds.
///
/// Nothing reads the wall clock: what runs, and in which order, is the run loop's order. What is
/// not the driver's to decide is when a test's continuation comes back from the task pool: the
/// count of idle passes stands between a yield and the clock moving, so only a continuation held
/// up for a thousand passes (a machine stalled for milliseconds) would see time pass in a yield. A test's own timeouts stay wall-clock limits (XCTest's), which the
/// driver never needs to reach. One thing is not the driver's to decide: XCTest's
/// `fulfillment(of:timeout:)` waits on a thread of its own, so when work is still queued after the
/// expectation is fulfilled, how much of it runs before the test resumes depends on that thread,
/// as it does on iOS; a test should read what its expectation stands for, not what came later.
///
/// The driver follows the current world: after `HeadlessEnvironment.reset()` it runs the new
/// world's run loop, and the new world's app gets its host window as soon as it is made. It runs
/// work only while the test awaits, as the main queue does: a test that never awaits sees no work
/// run that it did not run itself.
@MainActor
public final class HeadlessTestDriver {
  /// The running driver, if one was started.
  public private(set) static var running: HeadlessTestDriver?

  /// Starts the driver once (later calls return the running one) and gives the current world its
  /// host window. Call it from the suite's main-actor set-up, or at the top of each test.
  @discardableResult
  public static func start() -> HeadlessTestDriver {
    let driver = running ?? HeadlessTestDriver()
    running = driver
    driver.provideHostWindow(in: HeadlessEnvironment.current)
    driver.launch()
    return driver
  }

  /// Stops the running driver: from the test's next await on, the virtual run loop runs only when
  /// asked again (`runLoop.settle()`, `advance(by:)`). Host windows already made stay.
  public static func stop() {
    running?.halt()
    running = nil
  }

  /// The current world's host window: the key window of the app's scene, its root a plain
  /// controller tests present from (or replace: `window.rootViewController = controller`).
  public var hostWindow: UIWindow { provideHostWindow(in: HeadlessEnvironment.current) }

  /// How many passes in a row the driver lets go by with only delayed work queued before it moves
  /// the virtual clock to that work. A pass takes microseconds; a test's continuation after
  /// `await Task.yield()` comes back within far fewer passes than this, so a yield sees no time pass.
  public static let yieldsBeforeTimePasses = 1_000
  private var idleYields = 0

  /// Whether the driver runs (between `start()` and `stop()`), and whether its next pass is queued.
  private var isRunning = false
  private var passIsQueued = false

  private init() {}

  private func launch() {
    guard !isRunning else { return }
    isRunning = true
    VirtualRunLoop.observeScheduling { [weak self] in self?.queuePass() }
    queuePass()
  }

  private func halt() {
    isRunning = false
    VirtualRunLoop.observeScheduling(nil)
  }

  /// Queues the driver's next pass on the main queue itself, at once. A test's continuation after
  /// `await Task.yield()` comes back to the main actor by way of the task pool, so a pass queued
  /// when work is scheduled is ahead of it; a task of the driver's own would come back the same
  /// way, in an order nothing here decides.
  private func queuePass() {
    guard isRunning, !passIsQueued else { return }
    passIsQueued = true
    DispatchQueue.main.async(group: nil, qos: .unspecified, flags: []) {
      MainActor.assumeIsolated { self.runPass() }
    }
  }

  /// Every turn due at the current virtual time, then the next pass queued behind whatever else
  /// the main queue holds; with only delayed work queued, `yieldsBeforeTimePasses` passes that
  /// run nothing, then the clock moves to that work; with nothing queued in the world, no pass
  /// until something is (`observeScheduling`). All of the due work runs in one pass, so what a
  /// test sees when it resumes does not depend on how many passes ran before it did.
  private func runPass() {
    passIsQueued = false
    guard isRunning else { return }
    let environment = HeadlessEnvironment.current
    provideHostWindow(in: environment)
    let runLoop = environment.runLoop
    guard let due = runLoop.nextEventTime else {
      idleYields = 0
      return
    }
    if due > runLoop.now {
      guard idleYields >= Self.yieldsBeforeTimePasses else {
        idleYields += 1
        queuePass()
        return
      }
      runLoop.moveToNextEvent()
    }
    idleYields = 0
    var turns = 0
    while let next = runLoop.nextEventTime, next <= runLoop.now, turns < runLoop.turnLimit {
      runLoop.tick()
      turns += 1
    }
    queuePass()
  }

  /// The world's host window, made the first time it is asked for (by `start()`, by the world's
  /// `UIApplication.shared` being made, or by the driver's next turn): a window in the app's scene,
  /// made key and visible with a plain root controller. The world keeps it (a scene's own list of
  /// windows is weak), so it lives as long as the world.
  @discardableResult
  func provideHostWindow(in environment: HeadlessEnvironment) -> UIWindow {
    // The application first: making it makes its scene, which asks for this window already.
    let application = UIApplication.shared
    if let window = objc_getAssociatedObject(environment, &Self.hostWindowKey) as? UIWindow { return window }
    var scene: UIWindowScene?
    for connected in application.scenes where scene == nil { scene = connected as? UIWindowScene }
    let window = scene.map { UIWindow(windowScene: $0) } ?? UIWindow(frame: .zero)
    objc_setAssociatedObject(environment, &Self.hostWindowKey, window, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    window.rootViewController = UIViewController()
    window.makeKeyAndVisible()
    return window
  }

  nonisolated(unsafe) private static var hostWindowKey: UInt8 = 0
}
