import Foundation
import NavigationReference
import Synchronization

/// A topology described in a JSON file, so an app's navigation can be fuzzed without writing
/// Swift. Validated with errors that name the file, the place in the document and what is wrong.
///
/// ```json
/// {
///   "name": "shop",
///   "root": "home",
///   "screens": [
///     { "name": "home", "slots": [
///       { "name": "product", "style": "push", "screen": "product" },
///       { "name": "cart", "style": "sheet", "screen": "cart" },
///       { "name": "isShowingHelp", "style": "popover", "bool": true },
///       { "name": "error", "style": "alert" } ] },
///     { "name": "product", "slots": [ { "name": "related", "style": "push", "screen": "product" } ] },
///     { "name": "cart", "slots": [] }
///   ]
/// }
/// ```
/// A slot without `screen` shows a leaf screen (no slots of its own); `"path": "product"` on the
/// root makes it a stack driven by a path whose elements show that screen. Path elements are
/// distinct screens even when their values are equal, unless the root says
/// `"pathEquality": "value"`: then they are plain values, equal by value, and a deep link reuses
/// the screen of an equal value. A screen may declare `intents`, its buttons, each with the
/// navigation effects it should have (`"set SLOT ID"`, `"clear SLOT"`, `"save"`, `"dismiss"`,
/// `"path append VALUE"`, `"path pop-back VALUE"`), which `app` steps trigger. A path whose
/// elements are of several kinds, each shown by its own screen (SwiftUI's `navigationDestination(for:)`
/// per type, TCA's `Path` enum), says `"destinations"` instead of `"path"`: one
/// `{ "kind": "detail", "screen": "syncUpDetail", "values": [1] }` per kind, with the values of
/// that kind (disjoint; traces write `path append detail 1` or `path append 1`). UIKit callbacks
/// run intents too: an alert's or dialog's `"buttons"` (one intent each, then a cancel button),
/// a slot's `"onDismiss"`, a screen's `"onAppear"` and `"onDisappear"`. A Bool slot's screen gets
/// a fresh model each time it is shown, unless the slot says `"keepsModel": true` (its parent
/// holds one model for it, which keeps its state between presentations). Tabs: slots of the root
/// with `"style": "tab"` and a `"screen"`, each a tab of a tab bar after the root screen's own
/// (tab 0). `"appNavigationDelegate": true` sets the app's own delegate on the root screen's
/// navigation controller.
/// Unknown keys are errors (a misspelt `"sreen"` would otherwise silently make a leaf).
public enum TopologyFile {
  struct Document: Decodable {
    var name: String
    var root: String
    var screens: [Screen]
    var appNavigationDelegate: Bool?

    enum CodingKeys: String, CodingKey, CaseIterable { case name, root, screens, appNavigationDelegate }
    init(from decoder: any Decoder) throws {
      try decoder.rejectUnknownKeys(CodingKeys.self)
      let container = try decoder.container(keyedBy: CodingKeys.self)
      name = try container.decode(String.self, forKey: .name)
      root = try container.decode(String.self, forKey: .root)
      screens = try container.decode([Screen].self, forKey: .screens)
      appNavigationDelegate = try container.decodeIfPresent(Bool.self, forKey: .appNavigationDelegate)
    }
  }

  struct Screen: Decodable {
    var name: String
    var slots: [Slot]
    var path: String?
    var destinations: [Destination]?
    var pathEquality: String?
    var intents: [Intent]?
    var onAppear: String?
    var onDisappear: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
      case name, slots, path, destinations, pathEquality, intents, onAppear, onDisappear
    }
    init(from decoder: any Decoder) throws {
      try decoder.rejectUnknownKeys(CodingKeys.self)
      let container = try decoder.container(keyedBy: CodingKeys.self)
      name = try container.decode(String.self, forKey: .name)
      slots = try container.decode([Slot].self, forKey: .slots)
      path = try container.decodeIfPresent(String.self, forKey: .path)
      destinations = try container.decodeIfPresent([Destination].self, forKey: .destinations)
      pathEquality = try container.decodeIfPresent(String.self, forKey: .pathEquality)
      intents = try container.decodeIfPresent([Intent].self, forKey: .intents)
      onAppear = try container.decodeIfPresent(String.self, forKey: .onAppear)
      onDisappear = try container.decodeIfPresent(String.self, forKey: .onDisappear)
    }
  }

  /// One kind of path element: `{ "kind": "detail", "screen": "syncUpDetail", "values": [1] }`.
  struct Destination: Decodable {
    var kind: String
    var screen: String
    var values: [Int]?

    enum CodingKeys: String, CodingKey, CaseIterable { case kind, screen, values }
    init(from decoder: any Decoder) throws {
      try decoder.rejectUnknownKeys(CodingKeys.self)
      let container = try decoder.container(keyedBy: CodingKeys.self)
      kind = try container.decode(String.self, forKey: .kind)
      screen = try container.decode(String.self, forKey: .screen)
      values = try container.decodeIfPresent([Int].self, forKey: .values)
    }
  }

  struct Intent: Decodable {
    var name: String
    var effects: [String]

    enum CodingKeys: String, CodingKey, CaseIterable { case name, effects }
    init(from decoder: any Decoder) throws {
      try decoder.rejectUnknownKeys(CodingKeys.self)
      let container = try decoder.container(keyedBy: CodingKeys.self)
      name = try container.decode(String.self, forKey: .name)
      effects = try container.decode([String].self, forKey: .effects)
    }
  }

  struct Slot: Decodable {
    var name: String
    var style: String
    var screen: String?
    var bool: Bool?
    var buttons: [String]?
    var onDismiss: String?
    var keepsModel: Bool?

    enum CodingKeys: String, CodingKey, CaseIterable { case name, style, screen, bool, buttons, onDismiss, keepsModel }
    init(from decoder: any Decoder) throws {
      try decoder.rejectUnknownKeys(CodingKeys.self)
      let container = try decoder.container(keyedBy: CodingKeys.self)
      name = try container.decode(String.self, forKey: .name)
      style = try container.decode(String.self, forKey: .style)
      screen = try container.decodeIfPresent(String.self, forKey: .screen)
      bool = try container.decodeIfPresent(Bool.self, forKey: .bool)
      buttons = try container.decodeIfPresent([String].self, forKey: .buttons)
      onDismiss = try container.decodeIfPresent(String.self, forKey: .onDismiss)
      keepsModel = try container.decodeIfPresent(Bool.self, forKey: .keepsModel)
    }
  }

  /// A key the format does not know, found while decoding.
  struct UnknownKey: Error {
    var codingPath: [any CodingKey]
    var key: String
    var known: [String]
  }

  /// The file each loaded topology came from, by topology name: printed replay commands need
  /// `--topology FILE` for a trace of a file topology to be readable.
  private static let sources = Mutex<[String: String]>([:])

  /// The file the topology called `name` was loaded from, if it came from a file.
  public static func file(declaring name: String) -> String? {
    sources.withLock { $0[name] }
  }

  /// What a topology name may be: it is written into every trace as `topology NAME` and into
  /// saved trace file names, so it is one word of ASCII letters, digits, '-' and '_', short enough
  /// that `NAME-ENGINE-INVARIANT.navtrace` stays within a file system's 255 bytes.
  public static let maximumNameLength = 100

  public static func isValidName(_ name: String) -> Bool {
    (1...maximumNameLength).contains(name.count)
      && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
  }

  /// A problem with a topology file: the file, where in the document, and what.
  public struct Problem: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var place: String
    public var message: String
    /// As `MessageText` shows it: names from the file may hold invisible characters.
    public var description: String { MessageText.shown("\(file): \(place.isEmpty ? "" : "\(place): ")error: \(message)") }
  }

  public static func load(_ path: String) throws(Problem) -> Topology {
    let data: Data
    do throws(InputFile.Unreadable) {
      data = try InputFile.read(path, kind: "topology file (.json)")
    } catch {
      throw Problem(file: path, place: "", message: error.reason)
    }
    let topology = try parse(data, file: path)
    sources.withLock { $0[topology.name] = path }
    return topology
  }

  public static func parse(_ data: Data, file: String) throws(Problem) -> Topology {
    let document: Document
    do {
      document = try JSONDecoder().decode(Document.self, from: data)
    } catch let error as UnknownKey {
      let object = value(at: error.codingPath.map(PathStep.init), in: data)
      throw Problem(
        file: object.map { location(of: $0.offset, in: data, file: file) } ?? file, place: placeDescription(error.codingPath),
        message: "unknown key \"\(error.key)\" (known here: \(error.known.joined(separator: ", ")))")
    } catch let error as DecodingError {
      if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
        // Valid JSON the decoder still refused: a number it could not read as a whole number.
        if (try? JSONSerialization.jsonObject(with: data)) != nil, let number = firstBadNumber(in: data) {
          throw badNumberProblem(number, in: data, file: file)
        }
        throw syntaxProblem(data, file: file)
      }
      throw problem(error, data: data, file: file)
    } catch {
      throw Problem(file: file, place: "", message: "not a topology document: \(error)")
    }
    if let duplicate = firstDuplicateKey(in: data) {
      throw Problem(
        file: "\(file):\(duplicate.line):\(duplicate.column)", place: "",
        message: "duplicate key \"\(duplicate.key)\" in one object (only one of its values would count)")
    }
    return try validate(document, file: file)
  }

  /// `screens[1].slots[0].style`.
  private static func placeDescription(_ path: [any CodingKey]) -> String {
    placeDescription(path.map(PathStep.init))
  }

  /// A JSON syntax error, located at its line and column: JSONDecoder only says "not valid JSON",
  /// JSONSerialization says "around character N" (a 0-based byte offset) or "end of file".
  private static func syntaxProblem(_ data: Data, file: String) -> Problem {
    // JSONSerialization places bad UTF-8 at no line ("starting from character N"): place it here.
    if let place = UTF8Validation.firstInvalidByte(in: data) {
      return Problem(file: "\(file):\(place.line):\(place.column)", place: "", message: "not UTF-8 text: a topology file is UTF-8 JSON")
    }
    // A comment is the usual mistake of a hand-written file (JSON has none); Foundation's words
    // for it are about an "invalid value".
    if let comment = firstComment(in: data) {
      return Problem(
        file: location(of: comment, in: data, file: file), place: "",
        message: "a comment: JSON allows no comments (// or /* */); remove it")
    }
    var detail = "not valid JSON"
    var offset = data.count
    do {
      _ = try JSONSerialization.jsonObject(with: data)
    } catch {
      let description = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
      if let range = description.range(of: "around character "),
        let number = Int(description[range.upperBound...].prefix { $0.isNumber })
      {
        offset = min(number, data.count)
      }
      if !description.isEmpty { detail = description.trimmingCharacters(in: CharacterSet(charactersIn: ".")) }
    }
    if data.isEmpty { detail = "the file is empty" }
    return Problem(file: location(of: offset, in: data, file: file), place: "", message: "invalid JSON: \(detail)")
  }

  /// The byte offset of the first `//` or `/*` outside a string, if any.
  static func firstComment(in data: Data) -> Int? {
    var inString = false
    var escaped = false
    var previousSlash: Int?
    for (offset, byte) in data.enumerated() {
      if inString {
        if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
        continue
      }
      if let slash = previousSlash, byte == UInt8(ascii: "/") || byte == UInt8(ascii: "*") { return slash }
      previousSlash = byte == UInt8(ascii: "/") ? offset : nil
      if byte == UInt8(ascii: "\"") { inString = true }
    }
    return nil
  }

  /// The decoder's error in our words, at the line and column of the value it is about.
  private static func problem(_ error: DecodingError, data: Data, file: String) -> Problem {
    let place: ([any CodingKey]) -> String = placeDescription
    switch error {
    case .keyNotFound(let key, let context):
      let object = value(at: context.codingPath.map(PathStep.init), in: data)
      return Problem(
        file: object.map { location(of: $0.offset, in: data, file: file) } ?? file, place: place(context.codingPath),
        message: "missing \"\(key.stringValue)\"")
    case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
      return wrongKindProblem(expected: type, at: context.codingPath, in: data, file: file)
    case .dataCorrupted(let context):
      let path = context.codingPath.map(PathStep.init)
      if let found = value(at: path, in: data), found.kind == .number {
        return badNumberProblem(found, in: data, file: file)
      }
      return Problem(
        file: value(at: path, in: data).map { location(of: $0.offset, in: data, file: file) } ?? file,
        place: place(context.codingPath), message: "a value this format cannot read here")
    @unknown default:
      return Problem(file: file, place: "", message: "\(error)")
    }
  }

  /// Intents: `{ "name": "checkout", "effects": ["set checkout 1", "clear confirmRemove", "save",
  /// "path append 2", "path pop-back 1", "dismiss"] }` — what the screen's button does to navigation.
  private static func parseIntents(
    _ screen: Screen, slots: [SlotSpec], at base: String, file: String
  ) throws(Problem) -> [IntentSpec] {
    var intents: [IntentSpec] = []
    for (index, intent) in (screen.intents ?? []).enumerated() {
      let place = "\(base).intents[\(index)]"
      func fail(_ where: String, _ message: String) -> Problem { Problem(file: file, place: "\(place)\(`where`)", message: message) }
      if intent.name.isEmpty || intent.name.contains(where: { $0 == " " || $0 == "#" }) {
        throw fail(".name", "intent names cannot be empty or contain ' ' or '#'")
      }
      if intents.contains(where: { $0.name == intent.name }) {
        throw fail(".name", "duplicate intent \"\(intent.name)\" on screen \"\(screen.name)\"")
      }
      var effects: [IntentEffect] = []
      for (position, text) in intent.effects.enumerated() {
        let words = text.split(separator: " ").map(String.init)
        func slot(_ name: String) throws(Problem) -> String {
          guard slots.contains(where: { $0.name == name }) else {
            throw fail(".effects[\(position)]", "screen \"\(screen.name)\" has no slot \"\(name)\"")
          }
          return name
        }
        switch (words.first, words.count) {
        case ("set", 3) where Int(words[2]) != nil: effects.append(.set(slot: try slot(words[1]), id: Int(words[2])!))
        case ("clear", 2): effects.append(.clear(slot: try slot(words[1])))
        case ("save", 1): effects.append(.save)
        case ("dismiss", 1): effects.append(.dismissSelf)
        case ("path", 3) where words[1] == "append" && Int(words[2]) != nil: effects.append(.pathAppend(Int(words[2])!))
        case ("path", 3) where words[1] == "pop-back" && Int(words[2]) != nil: effects.append(.pathPopBack(to: Int(words[2])!))
        case ("path", 2) where words[1] == "clear": effects.append(.pathClear)
        default:
          throw fail(
            ".effects[\(position)]",
            "unknown effect \"\(text)\" (effects: set SLOT ID, clear SLOT, save, dismiss, path append VALUE, path pop-back VALUE, path clear)")
        }
      }
      intents.append(IntentSpec(intent.name, effects: effects))
    }
    return intents
  }

  /// Callbacks (`buttons` and `onDismiss` of a slot, `onAppear` and `onDisappear` of a screen)
  /// name intents of the screen they belong to.
  private static func checkCallbacks(
    _ screen: Screen, intents: [IntentSpec], at base: String, file: String
  ) throws(Problem) {
    func check(_ name: String?, at place: String) throws(Problem) {
      guard let name, !intents.contains(where: { $0.name == name }) else { return }
      let known = intents.isEmpty ? "it declares none" : "its intents: \(intents.map(\.name).joined(separator: ", "))"
      throw Problem(file: file, place: place, message: "screen \"\(screen.name)\" has no intent \"\(name)\" (\(known))")
    }
    try check(screen.onAppear, at: "\(base).onAppear")
    try check(screen.onDisappear, at: "\(base).onDisappear")
    for (index, slot) in screen.slots.enumerated() {
      for (position, button) in (slot.buttons ?? []).enumerated() {
        try check(button, at: "\(base).slots[\(index)].buttons[\(position)]")
      }
      try check(slot.onDismiss, at: "\(base).slots[\(index)].onDismiss")
    }
  }

  /// The kinds of a path with several: unique names that cannot be read as values, existing
  /// screens, and (with more than one kind) disjoint lists of values each.
  private static func parseDestinations(
    _ declared: [Destination], at base: String, file: String, screenIndex: (String, String) throws(Problem) -> Int
  ) throws(Problem) -> [PathDestination] {
    func fail(_ place: String, _ message: String) -> Problem { Problem(file: file, place: place, message: message) }
    guard !declared.isEmpty else { throw fail(base, "a path needs at least one destination") }
    var result: [PathDestination] = []
    var kindOfValue: [Int: String] = [:]
    for (index, destination) in declared.enumerated() {
      let place = "\(base)[\(index)]"
      if destination.kind.isEmpty || Int(destination.kind) != nil
        || destination.kind.contains(where: { $0 == " " || $0 == "#" || $0 == "." || $0 == "[" })
      {
        throw fail("\(place).kind", "a kind is a name (not a number) without ' ', '#', '.' or '['")
      }
      if result.contains(where: { $0.name == destination.kind }) {
        throw fail("\(place).kind", "duplicate kind \"\(destination.kind)\"")
      }
      if declared.count > 1 && (destination.values ?? []).isEmpty {
        throw fail("\(place).values", "each kind of a path with several declares its values (its elements' values are of one kind)")
      }
      for (position, value) in (destination.values ?? []).enumerated() {
        if value < 0 { throw fail("\(place).values[\(position)]", "a path value is at least 0, found \(value)") }
        if let other = kindOfValue[value] {
          throw fail("\(place).values[\(position)]", "value \(value) is already of kind \"\(other)\" (a value is of one kind)")
        }
        kindOfValue[value] = destination.kind
      }
      let screen = try screenIndex(destination.screen, "\(place).screen")
      result.append(PathDestination(destination.kind, screen: screen, values: destination.values))
    }
    return result
  }

  /// Path effects of intents append and pop back to values the root path takes.
  private static func checkPathEffects(_ screens: [ScreenSpec], order: [Int], takes values: [Int], file: String) throws(Problem) {
    for (position, screen) in screens.enumerated() {
      for (intentIndex, intent) in screen.intents.enumerated() {
        for (effectIndex, effect) in intent.effects.enumerated() {
          let value: Int
          switch effect {
          case .pathAppend(let appended): value = appended
          case .pathPopBack(let target): value = target
          case .set, .clear, .save, .dismissSelf, .pathClear: continue
          }
          guard !values.contains(value) else { continue }
          throw Problem(
            file: file, place: "screens[\(order[position])].intents[\(intentIndex)].effects[\(effectIndex)]",
            message: "the path takes no value \(value) (\(screens[0].describeDestinations))")
        }
      }
    }
  }

  private static func parsePathEquality(
    _ screen: Screen, at base: String, hasPath: Bool, file: String
  ) throws(Problem) -> PathEquality {
    guard let text = screen.pathEquality else { return .byIncarnation }
    guard hasPath else {
      throw Problem(file: file, place: "\(base).pathEquality", message: "\"pathEquality\" needs a \"path\"")
    }
    guard let equality = PathEquality(rawValue: text) else {
      let known = PathEquality.allCases.map(\.rawValue).joined(separator: ", ")
      throw Problem(file: file, place: "\(base).pathEquality", message: "unknown path equality \"\(text)\" (known: \(known))")
    }
    return equality
  }

  private static func validate(_ document: Document, file: String) throws(Problem) -> Topology {
    func fail(_ place: String, _ message: String) -> Problem { Problem(file: file, place: place, message: message) }
    guard isValidName(document.name) else {
      throw fail(
        "name",
        "invalid topology name \"\(document.name.count > 40 ? document.name.prefix(40) + "…" : document.name)\": use at most \(maximumNameLength) ASCII letters, digits, '-' and '_' (it is written into every trace and saved file name)")
    }
    guard !Topology.builtIn.contains(where: { $0.name == document.name }) else {
      throw fail("name", "\"\(document.name)\" is a built-in topology's name: choose another, or traces could not tell them apart")
    }
    guard !document.screens.isEmpty else { throw fail("screens", "a topology needs at least one screen") }
    // Screens by name in a dictionary, read by key only: a list searched for every screen and
    // slot made a 10,000-screen file take half a minute to load.
    var names: [String] = []
    var indexByName: [String: Int] = [:]
    for (index, screen) in document.screens.enumerated() {
      guard indexByName.updateValue(index, forKey: screen.name) == nil else {
        throw fail("screens[\(index)].name", "duplicate screen \"\(screen.name)\"")
      }
      names.append(screen.name)
    }
    /// "a, b, c" or, for thousands of screens, the first ones and how many more.
    func screenList() -> String {
      names.prefix(20).joined(separator: ", ") + (names.count > 20 ? ", … (\(names.count) screens)" : "")
    }
    guard let rootIndex = indexByName[document.root] else {
      throw fail("root", "no screen named \"\(document.root)\" (screens: \(screenList()))")
    }
    // The root goes first: index 0 is the root screen, the others keep their order after it.
    let order = [rootIndex] + document.screens.indices.filter { $0 != rootIndex }
    func index(of name: String, at place: String) throws(Problem) -> Int {
      guard let found = indexByName[name] else {
        throw fail(place, "no screen named \"\(name)\" (screens: \(screenList()))")
      }
      return found == rootIndex ? 0 : found < rootIndex ? found + 1 : found
    }
    var screens: [ScreenSpec] = []
    for original in order {
      let screen = document.screens[original]
      let base = "screens[\(original)]"
      var slots: [SlotSpec] = []
      for (slotIndex, slot) in screen.slots.enumerated() {
        let place = "\(base).slots[\(slotIndex)]"
        guard let style = SlotStyle(rawValue: slot.style) else {
          throw fail("\(place).style", "unknown style \"\(slot.style)\" (styles: \(SlotStyle.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        if slots.contains(where: { $0.name == slot.name }) {
          throw fail("\(place).name", "duplicate slot \"\(slot.name)\" on screen \"\(screen.name)\"")
        }
        if slot.name.isEmpty || slot.name.contains(where: { $0 == "." || $0 == " " || $0 == "#" || $0 == "[" }) {
          throw fail("\(place).name", "slot names cannot be empty or contain '.', ' ', '#' or '['")
        }
        if TraceFormat.reservedWords.contains(slot.name) {
          throw fail(
            "\(place).name",
            "\"\(slot.name)\" is a trace keyword, so traces could not tell the slot from it; choose another name (reserved: \(TraceFormat.reservedWords.joined(separator: ", ")))")
        }
        if style.isAlert, slot.screen != nil {
          throw fail("\(place).screen", "an \(style.rawValue) shows no screen")
        }
        if !style.isAlert, slot.buttons != nil {
          throw fail("\(place).buttons", "only an alert or a dialog has buttons")
        }
        if slot.keepsModel == true, slot.bool != true || slot.screen == nil {
          throw fail("\(place).keepsModel", "only a Bool slot with a screen keeps its screen's model (an item carries its own)")
        }
        if style == .tab {
          guard original == rootIndex else { throw fail("\(place).style", "only the root screen has tabs") }
          guard slot.screen != nil else { throw fail("\(place).screen", "a tab needs its \"screen\"") }
          if slot.bool != nil { throw fail("\(place).bool", "a tab is always there: it is not a Bool slot") }
          if slot.onDismiss != nil { throw fail("\(place).onDismiss", "a tab is never dismissed") }
        }
        let child = try slot.screen.map { (name) throws(Problem) in try index(of: name, at: "\(place).screen") }
        slots.append(
          SlotSpec(
            name: slot.name, style: style, isFlag: slot.bool ?? false, child: child, buttons: slot.buttons ?? [],
            onDismiss: slot.onDismiss, keepsChildModel: slot.keepsModel ?? false))
      }
      var destinations: [PathDestination] = []
      if let path = screen.path {
        guard original == rootIndex else { throw fail("\(base).path", "only the root screen can have a path") }
        guard screen.destinations == nil else {
          throw fail("\(base).destinations", "a path has either \"path\" (one screen) or \"destinations\" (one per kind), not both")
        }
        destinations = [PathDestination("element", screen: try index(of: path, at: "\(base).path"))]
      }
      if let declared = screen.destinations {
        guard original == rootIndex else { throw fail("\(base).destinations", "only the root screen can have a path") }
        destinations = try parseDestinations(declared, at: "\(base).destinations", file: file) { name, place throws(Problem) in
          try index(of: name, at: place)
        }
      }
      let pathEquality = try parsePathEquality(screen, at: base, hasPath: !destinations.isEmpty, file: file)
      let intents = try parseIntents(screen, slots: slots, at: base, file: file)
      try checkCallbacks(screen, intents: intents, at: base, file: file)
      if document.screens[rootIndex].pathEquality == PathEquality.byValue.rawValue,
        let position = intents.firstIndex(where: { $0.effects.contains { $0.isResolvedByIncarnation } })
      {
        // Not modelled yet: the reference resolves path intents by incarnation.
        throw fail("\(base).intents[\(position)]", "path effects are not supported on a path of plain values (\"pathEquality\": \"value\")")
      }
      screens.append(
        ScreenSpec(
          name: screen.name, slots: slots, pathDestinations: destinations, intents: intents, pathEquality: pathEquality,
          onAppear: screen.onAppear, onDisappear: screen.onDisappear))
    }
    if let values = screens[0].declaredPathValues {
      try checkPathEffects(screens, order: order, takes: values, file: file)
    }
    if let conflict = TopologySpec.pathDestinationsProblem(in: screens) {
      throw fail("screens[\(rootIndex)].destinations", conflict)
    }
    if let conflict = TopologySpec.tabsProblem(in: screens) {
      throw fail("screens[\(rootIndex)].slots", conflict)
    }
    var spec = TopologySpec(name: document.name, screens: screens)
    spec.appNavigationDelegate = document.appNavigationDelegate ?? false
    return Topology(spec: spec, summary: "from \(file)")
  }
}

extension Decoder {
  /// Throws `TopologyFile.UnknownKey` for a key of this object that `keys` does not name (the
  /// first one in sorted order, so the error does not depend on dictionary order).
  fileprivate func rejectUnknownKeys<Keys: CodingKey & CaseIterable>(_ keys: Keys.Type) throws {
    let known = Keys.allCases.map(\.stringValue)
    let found = try container(keyedBy: AnyCodingKey.self).allKeys.map(\.stringValue)
    if let unknown = found.filter({ !known.contains($0) }).sorted().first {
      throw TopologyFile.UnknownKey(codingPath: codingPath, key: unknown, known: known)
    }
  }
}

/// Any key of a JSON object, to list the keys a document actually has.
private struct AnyCodingKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

extension IntentEffect {
  /// A path effect the reference resolves against the path's elements by incarnation (emptying
  /// the whole path resolves nothing).
  fileprivate var isResolvedByIncarnation: Bool {
    switch self {
    case .pathAppend, .pathPopBack: true
    case .pathClear, .dismissSelf, .set, .clear, .save: false
    }
  }
}
