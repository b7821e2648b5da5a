import Testing
import UIKit

/// The view-layer names a coordinator framework's helper files touch (a styled button, a
/// spinner, a hidden bar button), and `UIPresentationController`'s controllers typed as UIKit
/// types them: code written for iOS compiles unchanged and reads back what it set.
@MainActor
@Suite struct ViewLayerVocabularyTests {
  private final class Dismissals: NSObject, UIAdaptivePresentationControllerDelegate {
    var dismissed: [UIViewController] = []
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
      // As a router written for iOS does: no unwrapping, the type is not optional there.
      let dismissed: UIViewController = presentationController.presentedViewController
      self.dismissed.append(dismissed)
    }
  }

  @Test func aSwipeDismissalNamesThePresentedControllerWithoutUnwrapping() {
    let world = UIKitWorld()
    let sheet = UIViewController()
    let delegate = Dismissals()
    sheet.presentationController?.delegate = delegate
    world.root.present(sheet, animated: true)
    world.settle()
    #expect(sheet.presentationController?.presentingViewController === world.navigation)
    #expect(world.window.userSwipeToDismiss() == .performed)
    world.settle()
    #expect(delegate.dismissed == [sheet])
  }

  @Test func aStyledButtonKeepsItsTitleColourInsetsAndShadow() {
    let button = UIButton(type: .system)
    button.setTitle("Pay", for: .normal)
    button.titleLabel?.font = UIFont.systemFont(ofSize: 22)
    button.setTitleColor(.label, for: .normal)
    var configuration = UIButton.Configuration.plain()
    configuration.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 15, bottom: 5, trailing: 15)
    button.configuration = configuration
    button.layer.shadowColor = UIColor.black.cgColor
    button.layer.shadowRadius = 7
    button.layer.shadowOpacity = 0.5
    #expect(button.titleLabel?.text == "Pay")
    #expect(button.titleColor(for: .highlighted) == .label)
    #expect(button.configuration?.contentInsets.leading == 15)
    #expect(button.layer.shadowColor == UIColor.black.cgColor && button.layer.shadowColor != UIColor.white.cgColor)
    #expect(button.layer.shadowRadius == 7 && button.layer.shadowOpacity == 0.5)
    #expect(UIColor(cgColor: UIColor.red.cgColor) == .red)
  }

  @Test func aSpinnerThatHidesWhenStoppedIsHiddenUntilItAnimates() {
    let spinner = UIActivityIndicatorView(style: .large)
    spinner.color = .systemGray
    #expect(spinner.isHidden && !spinner.isAnimating)
    spinner.startAnimating()
    #expect(!spinner.isHidden && spinner.isAnimating)
    spinner.stopAnimating()
    #expect(spinner.isHidden && !spinner.isAnimating)
    spinner.hidesWhenStopped = false
    spinner.startAnimating()
    spinner.stopAnimating()
    #expect(!spinner.isHidden)
  }

  @Test func aBarButtonItemKeepsWhetherItIsHidden() {
    let controller = UIViewController()
    controller.navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Next")
    controller.navigationItem.rightBarButtonItem?.isHidden = true
    #expect(controller.navigationItem.rightBarButtonItem?.isHidden == true)
  }
}
