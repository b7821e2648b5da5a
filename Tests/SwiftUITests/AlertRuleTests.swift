import HeadlessUIKit
import SwiftUI
import Testing

// One test per rule of alerts and confirmation dialogs, named after the rule.

@Observable final class AlertModel {
  var isPresented = false
  var dialog = false
  var data: String?
  var seenInAction: [Bool] = []
}

private struct AlertHost: View {
  @Bindable var model: AlertModel
  var body: some View {
    VStack {
      Text("Host")
      Button("Ask") { model.isPresented = true }
    }
    .alert("Title", isPresented: $model.isPresented, presenting: model.data) { data in
      Button("Use \(data)") { model.seenInAction.append(model.isPresented) }
      Button("Cancel", role: .cancel) {}
    } message: { data in
      Text("About \(data)")
    }
    .confirmationDialog("Choose", isPresented: $model.dialog) {
      Button("Remove", role: .destructive) {}
    }
  }
}

private struct PlainAlert: View {
  @State private var shows = true
  var body: some View {
    Text(shows ? "up" : "down")
      .alert("Plain", isPresented: $shows) {}
  }
}

@MainActor
@Suite struct AlertRuleTests {
  @Test func alertButtonsWriteFalse() {
    let window = launch(rootView: PlainAlert())
    #expect(window.screenDump.contains("[alert] \"Plain\"\n  button \"OK\""))
    #expect(window.userTapAlertButton("OK") == .performed)
    settle()
    #expect(window.screenDump == "[root]\n  text \"down\"")
    #expect(swiftUI.hasApplied(.alertButtonsWriteFalse))
  }

  @Test func alertWriteBackOrder() {
    // Documented (the default): the action runs, then the binding is written.
    let model = AlertModel()
    model.data = "x"
    let window = launch(rootView: AlertHost(model: model))
    tap(window, "Ask")
    #expect(window.userTapAlertButton("Use x") == .performed)
    settle()
    #expect(model.seenInAction == [true] && !model.isPresented)
    // The other device report, as a profile switch: written first.
    let other = AlertModel()
    other.data = "y"
    let second = launch(rootView: AlertHost(model: other)) { $0.profile.alertWritesBackBeforeAction = true }
    tap(second, "Ask")
    #expect(second.userTapAlertButton("Use y") == .performed)
    settle()
    #expect(other.seenInAction == [false])
    #expect(swiftUI.hasApplied(.alertWriteBackOrder))
  }

  @Test func presentedAlertIgnoresChanges() {
    let model = AlertModel()
    model.data = "first"
    let window = launch(rootView: AlertHost(model: model))
    tap(window, "Ask")
    model.data = "second"
    settle()
    #expect(window.screenDump.contains("text \"About first\"") && window.screenDump.contains("button \"Use first\""))
    #expect(swiftUI.hasApplied(.presentedAlertIgnoresChanges))
  }

  @Test func alertPresentingNeedsData() {
    let model = AlertModel()
    let window = launch(rootView: AlertHost(model: model))
    tap(window, "Ask")
    #expect(model.isPresented)
    #expect(window.rootViewController?.presentedViewController == nil)
    #expect(swiftUI.hasApplied(.alertPresentingNeedsData))
  }

  @Test func dialogHasABuiltInCancel() {
    let model = AlertModel()
    let window = launch(rootView: AlertHost(model: model))
    model.dialog = true
    settle()
    #expect(window.screenDump.contains("[dialog] \"Choose\"\n  button \"Remove\" (destructive)\n  button \"Cancel\" (cancel)"))
    #expect(window.userSwipeToDismiss() == .performed)  // a tap outside: the cancel
    settle()
    #expect(!model.dialog)
    #expect(swiftUI.hasApplied(.dialogHasABuiltInCancel))
  }
}
