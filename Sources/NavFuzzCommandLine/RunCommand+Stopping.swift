import NavigationFuzzing

extension RunCommand {
  /// `campaign`, stopped by Ctrl-C or `deadline` within a run (with a progress line every few
  /// seconds through a long run), its shrinks by Ctrl-C alone (what a deadline's last runs found
  /// is still shrunk), each shrink shown as it goes.
  @MainActor
  func stoppable(
    _ campaign: Campaign, deadline: Double?, session: Session, progress: Progress, label: String
  ) -> Campaign {
    var campaign = campaign
    campaign.keepsGoing = {
      progress.stepsThisRun += 1
      // A step can take milliseconds (a deep link of thousands of values): look every 64.
      if progress.stepsThisRun % 64 == 0, progress.isDue(session.elapsed) {
        let budget = deadline.map { ", at most \(Progress.duration(max($0 - session.elapsed, 0))) left" } ?? ""
        progress.line("\(label)a long run under way: \(progress.stepsThisRun) steps into it\(budget)", elapsed: session.elapsed)
      }
      return session.goesOn(deadline: deadline)
    }
    campaign.shrinkProgress = { invariant, position in
      guard progress.isDue(session.elapsed) else { return }
      progress.line("\(label)shrinking \(invariant.rawValue): \(ShrinkCommand.describe(position))", elapsed: session.elapsed)
    }
    campaign.keepsShrinking = { !session.interruption.happened }
    return campaign
  }

  /// ", the last cut short after N steps" when the campaign's last run was stopped within it.
  func cut(_ result: Campaign.Result) -> String {
    result.lastRunCutShortAfter.map { ", the last cut short after \($0) steps" } ?? ""
  }
}
