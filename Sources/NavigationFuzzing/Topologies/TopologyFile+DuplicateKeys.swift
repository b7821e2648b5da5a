import Foundation

extension TopologyFile {
  /// The first key written twice in one object of `data`, which must be valid JSON, with the line
  /// and column of its second occurrence. JSON parsers keep one of the two values and drop the
  /// other without a word, so `"name": "shop", ..., "name": "shop2"` would fuzz a topology the
  /// author did not read; the file is rejected instead. Keys are compared as written (an escaped
  /// `"\u0061"` is not the same key as `"a"` here).
  static func firstDuplicateKey(in data: Data) -> (key: String, line: Int, column: Int)? {
    enum Container {
      case object(keys: Set<[UInt8]>)
      case array
    }
    let bytes = [UInt8](data)
    var containers: [Container] = []
    var expectsKey = false
    var line = 1
    var column = 1
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "{"):
        containers.append(.object(keys: []))
        expectsKey = true
      case UInt8(ascii: "["):
        containers.append(.array)
        expectsKey = false
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        _ = containers.popLast()
        expectsKey = false
      case UInt8(ascii: ","):
        if case .object? = containers.last { expectsKey = true }
      case UInt8(ascii: "\n"):
        line += 1
        column = 0
      case UInt8(ascii: "\""):
        let start = (line: line, column: column)
        var end = index + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
          end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
        }
        let text = Array(bytes[(index + 1)..<min(end, bytes.count)])
        if expectsKey, case .object(var keys)? = containers.last {
          guard keys.insert(text).inserted else {
            return (String(decoding: text, as: UTF8.self), start.line, start.column)
          }
          containers[containers.count - 1] = .object(keys: keys)
          expectsKey = false
        }
        // Strings hold no raw line breaks in valid JSON: only the column moves.
        column += text.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) } + 1
        index = end
      default:
        break
      }
      if byte & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    return nil
  }
}
