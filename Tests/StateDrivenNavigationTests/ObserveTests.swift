import HeadlessUIKit
import Observation
import StateDrivenNavigation
import Testing

/// `observe`'s re-runs: their order must not depend on the order Observation calls change
/// handlers in (which follows hashing, seeded per process), or runs would differ between processes.
@MainActor
@Suite struct ObserveTests {
  @Observable final class Counters {
    var first = 0
    var second = 0
    var third = 0
  }

  @Test func rerunsDueInOneTurnRunInTheOrderTheirObservationsWereMade() {
    let environment = HeadlessEnvironment.reset()
    let counters = Counters()
    var ran: [String] = []
    let tokens = [
      observe { _ = counters.first; ran.append("first") },
      observe { _ = counters.second; ran.append("second") },
      observe { _ = counters.third; ran.append("third") },
    ]
    ran.removeAll()
    // Changed last to first: the re-runs still come in creation order.
    counters.third += 1
    counters.second += 1
    counters.first += 1
    environment.runLoop.tick()
    #expect(ran == ["first", "second", "third"])
    ran.removeAll()
    counters.second += 1
    counters.third += 1
    environment.runLoop.tick()
    #expect(ran == ["second", "third"])
    #expect(tokens.allSatisfy { !$0.isCancelled })
  }

  @Test func aRerunThatChangesWhatAnEarlierOneReadIsDueNextTurn() {
    let environment = HeadlessEnvironment.reset()
    let counters = Counters()
    var ran: [String] = []
    let reader = observe { ran.append("reader \(counters.first)") }
    let writer = observe {
      ran.append("writer \(counters.second)")
      if counters.second == 1 { counters.first = 10 }
    }
    ran.removeAll()
    counters.second = 1
    environment.runLoop.tick()
    #expect(ran == ["writer 1"])
    environment.runLoop.tick()
    #expect(ran == ["writer 1", "reader 10"])
    #expect(!reader.isCancelled && !writer.isCancelled)
  }

  @Test func aTokenLetGoStopsItsReruns() {
    let environment = HeadlessEnvironment.reset()
    let counters = Counters()
    var ran = 0
    var token: ObserveToken? = observe { _ = counters.first; ran += 1 }
    #expect(token != nil && ran == 1)
    token = nil
    counters.first += 1
    environment.runLoop.settle()
    #expect(ran == 1)
  }
}
