import Testing
import UIKit

@MainActor
@Suite struct ViewVocabularyTests {
  @Test func buttonsAndBarItemsRunTheirActions() {
    _ = UIKitWorld()
    var taps: [String] = []
    let button = UIButton(primaryAction: UIAction(title: "Open") { _ in taps.append("button") })
    #expect(button.currentTitle == "Open")
    button.tap()
    button.addAction(UIAction { _ in taps.append("second") }, for: .touchUpInside)
    button.isEnabled = false
    button.tap()
    button.isEnabled = true
    button.sendActions(for: .touchUpInside)
    let item = UIBarButtonItem(systemItem: .done, primaryAction: UIAction { _ in taps.append("done") })
    item.tap()
    #expect(taps == ["button", "button", "second", "done"])
  }

  @Test func viewsHoldWhatTheyAreGivenAndConstraintsActivate() {
    _ = UIKitWorld()
    let controller = UIViewController()
    let label = UILabel()
    label.text = "Hello"
    label.font = .preferredFont(forTextStyle: .headline)
    let stack = UIStackView(arrangedSubviews: [label, UIImageView(image: UIImage(systemName: "star"))])
    stack.axis = .vertical
    stack.translatesAutoresizingMaskIntoConstraints = false
    controller.view.backgroundColor = .systemBackground
    controller.view.addSubview(stack)
    let constraints = [
      stack.topAnchor.constraint(equalTo: controller.view.safeAreaLayoutGuide.topAnchor, constant: 8),
      stack.leadingAnchor.constraint(equalTo: controller.view.leadingAnchor),
      stack.widthAnchor.constraint(equalToConstant: 100),
    ]
    NSLayoutConstraint.activate(constraints)
    #expect(constraints.allSatisfy { $0.isActive })
    #expect(stack.arrangedSubviews.count == 2)
    #expect(label.superview === stack)
    #expect(stack.superview === controller.view)
    #expect(controller.view.backgroundColor == .systemBackground)
    #expect(label.font == .preferredFont(forTextStyle: .headline))
    controller.navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Edit")
    #expect(controller.navigationItem.rightBarButtonItems?.first?.title == "Edit")
  }

  @Test func blockAnimationsRunNowAndCompleteOnTheVirtualClock() {
    let world = UIKitWorld()
    let view = UIView()
    var completions: [Int] = []
    UIView.animate(withDuration: 0.25, animations: {
      view.alpha = 0
      #expect(UIView.inheritedAnimationDuration == 0.25)
    }) { finished in
      #expect(finished)
      completions.append(world.environment.runLoop.now)
    }
    #expect(view.alpha == 0)
    #expect(UIView.inheritedAnimationDuration == 0)
    UIView.performWithoutAnimation {
      #expect(!UIView.areAnimationsEnabled)
      UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0, animations: {
        view.alpha = 1
      }) { _ in completions.append(world.environment.runLoop.now) }
    }
    #expect(UIView.areAnimationsEnabled)
    UIView.modifyAnimations(withRepeatCount: 2, autoreverses: true) { view.tag = 3 }
    world.settle()
    #expect(completions == [0, 250])
    #expect(view.alpha == 1 && view.tag == 3)
  }
}
