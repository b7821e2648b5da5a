import Foundation
import HeadlessUIKit

/// A fresh simulated world for one test: a key window whose root is a navigation controller.
@MainActor
struct TestWorld {
  let environment: HeadlessEnvironment
  let window: UIWindow
  let root: LoggingController
  let navigation: UINavigationController
  private let removals = RemovalLog()

  init() {
    var configuration = HeadlessEnvironment.Configuration()
    configuration.recordsEvents = true
    environment = HeadlessEnvironment.reset(configuration: configuration)
    window = UIWindow()
    root = LoggingController(name: "root")
    navigation = UINavigationController(rootViewController: root)
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    environment.clearEventLog()
    environment.onUserRemoval = { [removals] controller in removals.serials.append(controller.serial) }
  }

  /// Serials of the controllers user gestures removed since the last call.
  func drainUserRemovals() -> [Int] {
    defer { removals.serials.removeAll() }
    return removals.serials
  }

  func settle() { environment.runLoop.settle() }
  func advance(_ milliseconds: Int) { environment.runLoop.advance(by: milliseconds) }

  var diagnosticKinds: [UIKitDiagnostic.Kind] { environment.diagnostics.map(\.kind) }

  /// Events of the controllers named, in order, without the serial numbers.
  func events(of controllers: UIViewController...) -> [String] {
    let names = Dictionary(uniqueKeysWithValues: controllers.map { ($0.debugName + ".", name(of: $0) + ".") })
    return (environment.eventLog ?? []).compactMap { event in
      for (prefix, replacement) in names where event.hasPrefix(prefix) {
        return replacement + event.dropFirst(prefix.count)
      }
      return nil
    }
  }

  private func name(of controller: UIViewController) -> String {
    (controller as? LoggingController)?.name ?? controller.debugName
  }
}

/// A controller that remembers its name and, for deallocation tests, tells when it dies.
final class LoggingController: UIViewController {
  let name: String
  var onDeinit: (() -> Void)?
  var strongReference: AnyObject?

  init(name: String) {
    self.name = name
    super.init()
  }

  required init?(coder: NSCoder) { fatalError("made in code") }

  isolated deinit { onDeinit?() }
}

@MainActor
final class RemovalLog {
  var serials: [Int] = []
}
