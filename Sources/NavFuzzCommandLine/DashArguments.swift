import Foundation

/// Arguments that start with '-' but are not options: file names (`-name.navtrace`) and typos.
///
/// Why: argument-parser reads `-name.navtrace` as the short flags `-n -a -m -e …`, and one with
/// an 'h' in it (`-hello.navtrace`) as `-h`: `navfuzz replay -hello.navtrace` printed the help
/// and exited 0, as if the trace had passed. navfuzz has no short options but `-h`, so a
/// single-dash word is either a path that exists (taken as that file) or an error that names it.
/// `--` ends the options: what follows is a path whatever it starts with.
enum DashArguments {
  /// `arguments` (without the executable) as argument-parser should read them: an existing path
  /// that starts with '-' becomes `./PATH` (the same file, never an option); any other
  /// single-dash word but `-h`, `-help`, `-` and a negative number is an `InputError`.
  static func prepared(_ arguments: [String]) throws -> [String] {
    var prepared: [String] = []
    for (index, argument) in arguments.enumerated() {
      if argument == "--" {
        prepared += arguments[index...]
        break
      }
      guard isSingleDashWord(argument) else {
        prepared.append(argument)
        continue
      }
      var info = stat()
      guard lstat(argument, &info) == 0 else {
        throw InputError(
          "error: unknown option '\(argument)' (a file whose name starts with '-': put it after '--', or write './\(argument)')")
      }
      prepared.append("./" + argument)
    }
    return prepared
  }

  /// `-x…`, but not `-`, `-h`, `-help`, a `--long` option or a negative number (`--runs -5` is
  /// for the option's own check to refuse).
  static func isSingleDashWord(_ argument: String) -> Bool {
    guard argument.hasPrefix("-"), !argument.hasPrefix("--"), argument.count > 1 else { return false }
    if argument == "-h" || argument == "-help" { return false }
    let second = argument[argument.index(after: argument.startIndex)]
    return !(second.isNumber || second == ".")
  }
}
