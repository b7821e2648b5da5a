// An app file that never says `import UIKit`: in its Xcode project, a bridging or prefix header
// (or another file's `@_exported import`) made UIKit visible everywhere. The package setting that
// stands in for that is on this target in Package.swift:
//   swiftSettings: [.unsafeFlags(["-Xfrontend", "-import-module", "-Xfrontend", "UIKit"])]

final class ProfileViewController: UIViewController {
  let nameField = UITextField()

  override func viewDidLoad() {
    super.viewDidLoad()
    view.addSubview(nameField)
    navigationItem.title = "Profile"
  }

  func showSettings() {
    let settings = UIViewController()
    settings.title = "Settings"
    navigationController?.pushViewController(settings, animated: false)
  }
}
