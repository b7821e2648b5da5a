/// Where the generator's choices come from: a seeded PRNG (campaigns) or a fuzzer's bytes.
public protocol ChoiceSource {
  /// A choice in `0..<bound`.
  mutating func below(_ bound: Int) -> Int
}

extension ChoiceSource {
  public mutating func pick<T>(_ elements: [T]) -> T { elements[below(elements.count)] }
  public mutating func chance(_ numerator: Int, in denominator: Int) -> Bool { below(denominator) < numerator }
}

/// SplitMix64: our own PRNG, so a seed gives the same run on every machine, build and Swift
/// version (the standard library's generators and `random(in:)` promise none of that).
public struct SplitMix64: ChoiceSource, Sendable {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9e37_79b9_7f4a_7c15
    var z = state
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }

  /// A uniform integer in `0..<bound` (Lemire's method, with rejection: no modulo bias).
  public mutating func below(_ bound: Int) -> Int {
    precondition(bound > 0)
    let range = UInt64(bound)
    var product = next().multipliedFullWidth(by: range)
    if product.low < range {
      let threshold = (0 &- range) % range
      while product.low < threshold { product = next().multipliedFullWidth(by: range) }
    }
    return Int(product.high)
  }
}

/// Choices read from bytes, one byte per choice (two when there are more than 256 options), for
/// libFuzzer: every byte string is a valid sequence of choices, and a changed byte changes one
/// choice. When the bytes run out, every choice is 0 and `isExhausted` says so.
public struct ByteChoices: ChoiceSource {
  private let bytes: [UInt8]
  private var position = 0

  public init(_ bytes: [UInt8]) { self.bytes = bytes }

  public var isExhausted: Bool { position >= bytes.count }

  public mutating func below(_ bound: Int) -> Int {
    precondition(bound > 0)
    var value = Int(nextByte())
    if bound > 256 { value = value << 8 | Int(nextByte()) }
    return value % bound
  }

  private mutating func nextByte() -> UInt8 {
    defer { position += 1 }
    return position < bytes.count ? bytes[position] : 0
  }
}
