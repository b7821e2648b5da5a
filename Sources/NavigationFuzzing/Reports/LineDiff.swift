/// A line diff in swift-custom-dump's style: `−` for what was expected and is missing, `+` for what
/// appeared instead, two spaces for lines both have. Lists here are a few dozen lines at most, so
/// a plain longest-common-subsequence table is enough (and needs no dependency).
package enum LineDiff {
  public static func lines(expected: [String], actual: [String]) -> [String] {
    let n = expected.count, m = actual.count
    // common[i][j]: the longest common subsequence of expected[i...] and actual[j...].
    var common = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        common[i][j] = expected[i] == actual[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
      }
    }
    var result: [String] = []
    var i = 0, j = 0
    while i < n || j < m {
      if i < n, j < m, expected[i] == actual[j] {
        result.append("  \(expected[i])")
        i += 1
        j += 1
      } else if j == m || (i < n && common[i + 1][j] >= common[i][j + 1]) {
        result.append("− \(expected[i])")
        i += 1
      } else {
        result.append("+ \(actual[j])")
        j += 1
      }
    }
    return result
  }

  /// The diff as text with a header: "− expected  + actual".
  public static func text(expected: [String], actual: [String], indent: String = "  ") -> String {
    ([indent + "− expected  + actual"] + lines(expected: expected, actual: actual).map { indent + $0 })
      .joined(separator: "\n") + "\n"
  }
}
