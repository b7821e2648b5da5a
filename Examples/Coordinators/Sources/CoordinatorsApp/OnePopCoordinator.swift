import UIKit

/// The coordinator as first written: it assumes the user goes back one screen at a time, so when
/// the stack got shorter it drops the last id only. The back button's long-press menu pops several
/// screens at once: then `path` keeps ids whose details are gone.
open class OnePopCoordinator: AppCoordinator {
  open override func detailsPoppedByUser(
    applied: [DetailViewController], onStack: [DetailViewController]
  ) -> [DetailViewController] {
    applied.last.map { [$0] } ?? []
  }
}
