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
/// `HeadlessTestDriver.start()` supplies both. The driver is a task on the main actor: whenever the
/// main actor is free (the test awaits), it runs one turn of the virtual run loop's due work and
/// yields again; when nothing is queued it sleeps until something is. When only delayed work is
/// queued (an animation's end, an `asyncAfter`), it yields `yieldsBeforeTimePasses` times more
/// and then moves the virtual clock to that work: a test that waits (an expectation, a sleep)
/// waits as long as the animation takes, as on iOS, while a test that yields once or twice sees no
/// time pass, as a yield on iOS takes microseconds and an animation hundreds of milliseconds.
///
/// Nothing reads the wall clock: what runs, and in which order, is decided by the main actor's
/// queue (first come, first served), the run loop's order and those counts, so the same suite runs
/// the same turns every time. A test's own timeouts stay wall-clock limits (XCTest's), which the
/// driver never needs to reach. One thing is not the driver's to decide: XCTest's
/// `fulfillment(of:timeout:)` waits on a thread of its own, so when work is still queued after the
/// expectation is fulfilled, how much of it runs before the test resumes depends on that thread,
/// as it does on iOS; a test should read what its expectation stands for, not what came later.
///
/// The driver follows the current world: after `HeadlessEnvironment.reset()` it runs the new
/// world's run loop and gives that world its host window. It runs only while the test awaits, as
/// the main queue does; a test that never awaits sees no difference.
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

  /// How many run-loop turns the driver has run, in every world: what a test of the driver reads.
  public private(set) var turnsRun = 0

  /// How many times in a row the driver yields with only delayed work queued before it moves the
  /// virtual clock to that work.
  public static let yieldsBeforeTimePasses = 10
  private var idleYields = 0

  private var task: Task<Void, Never>?
  private var sleeper: CheckedContinuation<Void, Never>?

  private init() {}

  private func launch() {
    guard task == nil else { return }
    VirtualRunLoop.observeScheduling { [weak self] in self?.wake() }
    task = Task { @MainActor [weak self] in
      while let driver = self, !Task.isCancelled {
        await driver.runOneTurnOrSleep()
      }
    }
  }

  private func halt() {
    VirtualRunLoop.observeScheduling(nil)
    task?.cancel()
    task = nil
    wake()
  }

  /// One turn of the current world's run loop, then a yield to whatever else the main actor has
  /// queued (the test's own continuation); or, with nothing queued, a sleep until work is.
  private func runOneTurnOrSleep() async {
    let environment = HeadlessEnvironment.current
    provideHostWindow(in: environment)
    let runLoop = environment.runLoop
    guard let due = runLoop.nextEventTime else {
      idleYields = 0
      await withCheckedContinuation { sleeper = $0 }
      return
    }
    if due > runLoop.now {
      guard idleYields >= Self.yieldsBeforeTimePasses else {
        idleYields += 1
        await Task.yield()
        return
      }
      runLoop.moveToNextEvent()
    }
    idleYields = 0
    runLoop.tick()
    turnsRun += 1
    await Task.yield()
  }

  private func wake() {
    guard let sleeper else { return }
    self.sleeper = nil
    sleeper.resume()
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
