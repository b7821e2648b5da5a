import Foundation
import NavFuzzEngines
import NavigationFuzzing
import Testing

/// Inputs that cost the square of their size hang for a user who gives a large one: a deep link
/// of N values (`path set` of 500, 1,000, 2,000 values took 0.9, 3.1 and 9.9 s; 100,000 never
/// ended) and a topology file of N screens (10,000 took half a minute to load). Each is measured
/// at N and 4N in this thread's CPU time, which other work on the machine does not inflate:
/// linear work takes about 4 times as long, quadratic about 16.
@MainActor
@Suite struct LinearCostTests {
  /// The ratio a cost may grow by when its input grows 4 times: well above linear (4), well below
  /// quadratic (16).
  static let limit = 8.0

  /// This thread's CPU time for `body`, in seconds.
  static func cpuSeconds(_ body: () throws -> Void) rethrows -> Double {
    var start = timespec()
    var end = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
    try body()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
    return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
  }

  static func deepLink(_ count: Int, topology: Topology) throws -> Double {
    let values = (0..<count).map { String(1 + $0 % 3) }.joined(separator: " ")
    let trace = try TraceFormat.parse("navtrace 1\ntopology \(topology.name)\npath set \(values)\nsettle\nexpect ok\n")
    return try cpuSeconds {
      let result = try Replay.run(trace, topology: topology, engine: .default)
      #expect(result.passed, "\(result.unmetExpectations) \(result.violations.map(\.explanation))")
    }
  }

  @Test(arguments: ["stack", "value-stack", "syncups-stack"])
  func aDeepLinkCostsWhatItShows(_ name: String) throws {
    let topology = try #require(Topology.named(name))
    _ = try Self.deepLink(200, topology: topology)  // the first world of a kind costs more (lazy statics)
    let small = try Self.deepLink(1_500, topology: topology)
    let large = try Self.deepLink(6_000, topology: topology)
    #expect(large / small < Self.limit, "\(topology.name): 1,500 values \(small) s, 6,000 values \(large) s")
  }

  static func chainTopology(_ count: Int) -> Data {
    var screens: [String] = []
    for index in 0..<count {
      let next = index + 1 < count ? #"{"name": "next", "style": "sheet", "screen": "s\#(index + 1)"}"# : ""
      screens.append(#"{"name": "s\#(index)", "slots": [\#(next)]}"#)
    }
    return Data(#"{"name": "chain", "root": "s0", "screens": [\#(screens.joined(separator: ",\n"))]}"#.utf8)
  }

  @Test func aLargeTopologyFileLoadsInLinearTime() throws {
    let smallFile = Self.chainTopology(5_000)
    let largeFile = Self.chainTopology(20_000)
    let small = try Self.cpuSeconds { _ = try TopologyFile.parse(smallFile, file: "chain.json") }
    let large = try Self.cpuSeconds {
      let topology = try TopologyFile.parse(largeFile, file: "chain.json")
      #expect(topology.spec.screens.count == 20_000)
    }
    #expect(large / small < Self.limit, "5,000 screens \(small) s, 20,000 screens \(large) s")
  }
}
