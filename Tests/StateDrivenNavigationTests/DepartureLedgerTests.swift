import HeadlessUIKit
@testable import StateDrivenNavigation
import Testing

/// `DepartureLedger` lets `departure` skip its walk while its counts are zero, so they must be
/// exact: up while a mark or an orphaned link exists, back down when it goes, however it goes.
@MainActor
@Suite struct DepartureLedgerTests {
  @Test func aMarkCountsWhileItLives() {
    _ = HeadlessEnvironment.reset()
    let before = DepartureLedger.marks
    var controller: UIViewController? = UIViewController()
    #expect(controller?.isDeparting == false)
    controller?.markDeparting()
    #expect(DepartureLedger.marks == before + 1)
    #expect(controller?.isDeparting == true)
    controller?.unmarkDeparting()
    #expect(DepartureLedger.marks == before)
    #expect(controller?.isDeparting == false)
    controller?.markDeparting()
    controller = nil  // the mark goes with the controller it marks
    #expect(DepartureLedger.marks == before)
  }

  @Test func aLinkIsOrphanedWhileItsPresenterIsGoneAndItsControllerLives() {
    _ = HeadlessEnvironment.reset()
    let before = DepartureLedger.orphanedLinks
    var presenter: UIViewController? = UIViewController()
    var child: UIViewController? = UIViewController()
    child?.recordBindingPresenter(presenter!)
    #expect(DepartureLedger.orphanedLinks == before)
    #expect(child?.isDeparting == false)
    presenter = nil
    #expect(DepartureLedger.orphanedLinks == before + 1)
    #expect(child?.isDeparting == true)
    child = nil
    #expect(DepartureLedger.orphanedLinks == before)
  }

  @Test func aLinkGoneBeforeItsPresenterOrphansNothing() {
    _ = HeadlessEnvironment.reset()
    let before = DepartureLedger.orphanedLinks
    var presenter: UIViewController? = UIViewController()
    var child: UIViewController? = UIViewController()
    child?.recordBindingPresenter(presenter!)
    child = nil
    presenter = nil
    #expect(DepartureLedger.orphanedLinks == before)
  }
}
