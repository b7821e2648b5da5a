/// How a message that quotes user input is shown: every character visible, every line bounded.
///
/// Why: an error quotes what it read. A zero-width space or a no-break space inside a slot name
/// made "unknown slot 'presented​Child'" look like a slot the message then listed as known, and a
/// 20,000-level address made one error 300,000 characters long. So invisible characters are
/// written as their code points (`<U+200B>`), and a long line keeps its start and its end (where
/// the difference usually is) around a note of what was left out.
package enum MessageText {
  /// The longest line a message shows, in characters, its elision note included.
  public static let lineLimit = 1_000

  /// `text` with invisible characters as code points and each line at most `lineLimit` long.
  public static func shown(_ text: String) -> String {
    let visible = visibleCharacters(text)
    guard visible.utf8.count > lineLimit else { return visible }
    return visible.split(separator: "\n", omittingEmptySubsequences: false).map(bounded).joined(separator: "\n")
  }

  /// Every character that prints nothing, or prints as a plain space, written as `<U+XXXX>`:
  /// controls (a tab too: it reads as spaces), format characters (zero-width space and joiners,
  /// direction marks, the byte-order mark), line and paragraph separators, spaces other than
  /// U+0020 (no-break space, en and em spaces, …), private-use and unassigned code points. A
  /// line break stays a line break.
  public static func visibleCharacters(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isInvisible) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if isInvisible(scalar) {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    if scalar == " " || scalar == "\n" { return false }
    if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F }
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .privateUse, .unassigned, .surrogate:
      return true
    default:
      return false
    }
  }

  /// One line at most `lineLimit` characters: its start and its end around "… (N characters
  /// left out) …".
  static func bounded(_ line: Substring) -> String {
    let count = line.count
    guard count > lineLimit else { return String(line) }
    let tail = lineLimit / 4
    // The note's length depends on the number it states; 40 characters hold any of them.
    let head = lineLimit - tail - 40
    let leftOut = count - head - tail
    return line.prefix(head) + " … (\(leftOut) characters left out) … " + line.suffix(tail)
  }
}
