/// Where a file stops being UTF-8 text, so "not UTF-8" names the line and column of the culprit
/// (a Latin-1 'é' in a comment on line 40), not line 1. Traces and topology files are UTF-8.
package enum UTF8Validation {
  /// The 1-based line and column (in characters) of the first byte that does not start or continue
  /// a valid UTF-8 sequence, or nil when `bytes` are all UTF-8.
  public static func firstInvalidByte(in bytes: some Sequence<UInt8>) -> (line: Int, column: Int)? {
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    var line = 1
    var column = 1
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        if encoded.count == 1, encoded.first == UInt8(ascii: "\n") {
          line += 1
          column = 1
        } else {
          column += 1
        }
      case .error:
        return (line, column)
      case .emptyInput:
        return nil
      }
    }
  }
}
