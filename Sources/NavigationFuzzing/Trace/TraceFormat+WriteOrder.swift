import NavigationReference

/// `set SLOT ID after-clearing SLOT…`, `clear SLOT after-clearing SLOT…`, `toggle SLOT on|off
/// after-clearing SLOT…` (`Step.afterClearing`, docs/TRACES.md "Write order").
extension TraceFormat {
  static let writeOrderWord = "after-clearing"

  /// The write order after `after-clearing`: slots of the addressed slot's screen, each once, not
  /// the addressed slot itself. Whether the step clears them is known when it runs.
  static func parseWriteOrder(step: Step, _ words: ArraySlice<String>, spec: TopologySpec) throws(Message) -> Step {
    guard let addressed = WriteOrder.addressedSlot(of: step) else {
      throw Message(text: "'\(writeOrderWord)' follows a 'set', 'clear' or 'toggle' step")
    }
    guard !words.isEmpty else {
      throw Message(text: "'\(writeOrderWord)' takes the slots of the same screen written first: 'set alert 1 \(writeOrderWord) isPresented'")
    }
    var first: [Address] = []
    for word in words {
      let address: Address
      switch spec.parseAddress(word) {
      case .success(let parsed): address = parsed
      case .failure(let error): throw Message(text: "\(error) in '\(word)'")
      }
      guard case .slot? = address.last, address.parent == addressed.parent, address != addressed else {
        throw Message(
          text: "'\(word)' after '\(writeOrderWord)' is not another slot of the screen '\(spec.describe(addressed))' is on")
      }
      guard !first.contains(address) else { throw Message(text: "'\(word)' is named twice after '\(writeOrderWord)'") }
      first.append(address)
    }
    return .afterClearing(step, first)
  }
}
