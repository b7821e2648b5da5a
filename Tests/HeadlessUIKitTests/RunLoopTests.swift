import HeadlessUIKit
import Testing

@MainActor
@Suite struct RunLoopTests {
  @Test func tickRunsOnlyWhatWasQueuedBeforeTheTurn() {
    let loop = VirtualRunLoop()
    var order: [String] = []
    loop.schedule {
      order.append("a")
      loop.schedule { order.append("c") }
    }
    loop.schedule { order.append("b") }
    #expect(loop.tick() == 2)
    #expect(order == ["a", "b"])
    #expect(loop.tick() == 1)
    #expect(order == ["a", "b", "c"])
    #expect(loop.now == 0)
  }

  @Test func advanceRunsTimersInTimeOrderAndStopsAtTheTarget() {
    let loop = VirtualRunLoop()
    var order: [Int] = []
    loop.schedule(after: 300) { order.append(300) }
    loop.schedule(after: 100) { order.append(100) }
    loop.schedule(after: 500) { order.append(500) }
    loop.advance(by: 350)
    #expect(order == [100, 300])
    #expect(loop.now == 350)
    #expect(loop.pendingCount == 1)
    loop.settle()
    #expect(order == [100, 300, 500])
    #expect(loop.now == 500)
  }

  @Test func settleReportsWorkThatNeverEnds() {
    let loop = VirtualRunLoop()
    loop.turnLimit = 50
    func again() { loop.schedule { again() } }
    again()
    #expect(loop.settle() == false)
    #expect(loop.hasPendingWork)
  }

  @Test func theClockSaturatesAtTheEndOfTimeInsteadOfOverflowing() {
    let loop = VirtualRunLoop()
    var ran: [String] = []
    loop.advance(by: Int.max)
    #expect(loop.now == Int.max)
    #expect(loop.advance(by: 1))
    #expect(loop.now == Int.max)
    loop.schedule(after: 250) { ran.append("late") }
    #expect(loop.nextEventTime == Int.max)
    loop.settle()
    #expect(ran == ["late"])
  }
}
