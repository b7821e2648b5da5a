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

  /// Composed as Core Graphics composes: `a.concatenating(b)` applies `a` first.
  @Test func aTransformKeepsItsMatrixAndComposesAsCoreGraphicsDoes() {
    let view = UILabel()
    #expect(view.transform.isIdentity)
    view.transform = CGAffineTransform(translationX: -10, y: 0)
    #expect(view.transform.tx == -10 && !view.transform.isIdentity)
    let scaleThenMove = CGAffineTransform(scaleX: 2, y: 3).concatenating(CGAffineTransform(translationX: 5, y: 7))
    #expect(scaleThenMove == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 5, ty: 7))
    let moveThenScale = CGAffineTransform(scaleX: 2, y: 3).translatedBy(x: 5, y: 7)
    #expect(moveThenScale == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 10, ty: 21))
    let quarterTurn = CGAffineTransform(rotationAngle: .pi / 2)
    #expect(abs(quarterTurn.b - 1) < 1e-12 && abs(quarterTurn.c + 1) < 1e-12)
  }

  @Test func legacyButtonInsetsAndTheOtherSystemColoursAreHeld() {
    let button = UIButton(type: .system)
    button.contentEdgeInsets = UIEdgeInsets(top: 10, left: 18, bottom: 10, right: 18)
    #expect(button.contentEdgeInsets.left == 18)
    #expect(UIColor.systemMint != UIColor.systemTeal && UIColor.systemMint == UIColor.systemMint)
  }
}
