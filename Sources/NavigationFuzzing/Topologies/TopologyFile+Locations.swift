import Foundation

/// Where a value sits in a topology file, by line and column, and what it is, in our words.
///
/// Why: Foundation's decoder names no line, says "Expected to decode Dictionary<String, Any> but
/// found an array instead", and on Linux reports a number that is not a whole number (`1.5`,
/// `1e308`, `9223372036854775808`) as "not valid JSON" with no place at all, which read as a
/// syntax error at the end of the file. A document the decoder has parsed is valid JSON, so this
/// small scanner can walk it again to the value a problem is about.
extension TopologyFile {
  /// One step into a document: an object's key or an array's index.
  enum PathStep: Equatable {
    case key(String)
    case index(Int)

    init(_ key: any CodingKey) {
      self = key.intValue.map(PathStep.index) ?? .key(key.stringValue)
    }
  }

  /// What a JSON value is, as a message names it.
  enum ValueKind: String {
    case object = "an object", array = "a list", string = "a string", number = "a number", bool = "true or false",
      null = "null"
  }

  /// A value found in the document: where it starts and what it is.
  struct LocatedValue {
    var path: [PathStep]
    var offset: Int
    var kind: ValueKind
    /// The value as written, for numbers (`1.5`); empty for the others.
    var text: String
  }

  /// Walks valid JSON, telling `visit` about every value in document order, until it returns
  /// false. Returns false when the walk was stopped.
  struct Scanner {
    let bytes: [UInt8]
    var index = 0

    @discardableResult
    mutating func walk(path: [PathStep] = [], _ visit: (LocatedValue) -> Bool) -> Bool {
      skipSpace()
      guard index < bytes.count else { return true }
      let start = index
      switch bytes[index] {
      case UInt8(ascii: "{"):
        guard visit(LocatedValue(path: path, offset: start, kind: .object, text: "")) else { return false }
        index += 1
        while true {
          skipSpace()
          guard index < bytes.count, bytes[index] != UInt8(ascii: "}") else { break }
          if bytes[index] == UInt8(ascii: ",") {
            index += 1
            continue
          }
          let key = string()
          skipSpace()
          index += 1  // ':'
          guard walk(path: path + [.key(key)], visit) else { return false }
        }
        index += 1
      case UInt8(ascii: "["):
        guard visit(LocatedValue(path: path, offset: start, kind: .array, text: "")) else { return false }
        index += 1
        var position = 0
        while true {
          skipSpace()
          guard index < bytes.count, bytes[index] != UInt8(ascii: "]") else { break }
          if bytes[index] == UInt8(ascii: ",") {
            index += 1
            continue
          }
          guard walk(path: path + [.index(position)], visit) else { return false }
          position += 1
        }
        index += 1
      case UInt8(ascii: "\""):
        _ = string()
        return visit(LocatedValue(path: path, offset: start, kind: .string, text: ""))
      case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
        let null = bytes[index] == UInt8(ascii: "n")
        while index < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[index]) { index += 1 }
        return visit(LocatedValue(path: path, offset: start, kind: null ? .null : .bool, text: ""))
      default:
        let isNumberByte: (UInt8) -> Bool = { byte in
          (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
        }
        while index < bytes.count, isNumberByte(bytes[index]) { index += 1 }
        if index == start { index += 1 }  // not valid JSON: step over it rather than loop
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        return visit(LocatedValue(path: path, offset: start, kind: .number, text: text))
      }
      return true
    }

    private mutating func skipSpace() {
      while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    /// A string's text (escapes left as written: the format's keys need none).
    private mutating func string() -> String {
      let start = index + 1
      index += 1
      while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
        index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
      }
      let text = String(decoding: bytes[start..<min(index, bytes.count)], as: UTF8.self)
      index += 1
      return text
    }
  }

  /// The value at `path`, if the document has one.
  static func value(at path: [PathStep], in data: Data) -> LocatedValue? {
    var found: LocatedValue?
    var scanner = Scanner(bytes: [UInt8](data))
    scanner.walk { value in
      if value.path == path { found = value }
      return found == nil
    }
    return found
  }

  /// The first number that is not a whole number in `Int`'s range: the only numbers the format
  /// has are path values (a negative one reads, and is refused by name later).
  static func firstBadNumber(in data: Data) -> LocatedValue? {
    var found: LocatedValue?
    var scanner = Scanner(bytes: [UInt8](data))
    scanner.walk { value in
      if value.kind == .number, Int(value.text) == nil { found = value }
      return found == nil
    }
    return found
  }

  /// "file:line:column" of a byte offset (columns count characters, not bytes).
  static func location(of offset: Int, in data: Data, file: String) -> String {
    var line = 1
    var column = 1
    for byte in data.prefix(offset) {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return "\(file):\(line):\(column)"
  }

  /// `screens[1].slots[0].style`.
  static func placeDescription(_ path: [PathStep]) -> String {
    path.map { step in
      switch step {
      case .key(let key): ".\(key)"
      case .index(let index): "[\(index)]"
      }
    }.joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
  }

  /// A number the format cannot take, at its line and column.
  static func badNumberProblem(_ number: LocatedValue, in data: Data, file: String) -> Problem {
    let text = number.text.count > 40 ? number.text.prefix(40) + "…" : number.text
    let why =
      !TraceFormat.isWholeNumber(number.text)
      ? "is not a whole number: path values, the numbers a topology file has, are whole numbers from 0 to \(Int.max)"
      : number.text.hasPrefix("-") ? "is below any path value (they are at least 0)" : "is beyond the largest path value, \(Int.max)"
    return Problem(
      file: location(of: number.offset, in: data, file: file), place: placeDescription(number.path), message: "\(text) \(why)")
  }

  /// A value of the wrong kind (an object where a list belongs, a string where true or false
  /// does), at its line and column, in our words.
  static func wrongKindProblem(expected: Any.Type, at codingPath: [any CodingKey], in data: Data, file: String) -> Problem {
    let path = codingPath.map(PathStep.init)
    let found = value(at: path, in: data)
    // By name: the decoder says `Array<Any>` and `Dictionary<String, Any>` for every list and object.
    let name = String(describing: expected)
    let expectedKind: ValueKind =
      name == "String" ? .string : name == "Bool" ? .bool : name == "Int" ? .number : name.hasPrefix("Array") ? .array : .object
    let expectedText = expectedKind == .number ? "a whole number" : expectedKind.rawValue
    let foundText = found.map { $0.kind == .number ? "the number \($0.text)" : $0.kind.rawValue } ?? "nothing"
    return Problem(
      file: found.map { location(of: $0.offset, in: data, file: file) } ?? file, place: placeDescription(path),
      message: "expected \(expectedText) here, found \(foundText)")
  }
}
