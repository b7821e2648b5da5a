/// What a binding *is*, as opposed to what it holds: two bindings derived the same way from the
/// same root object are equal, so a presenter can key its presentations by binding.
public struct UIBindingIdentifier: Hashable, @unchecked Sendable {
  @usableFromInline
  indirect enum Derivation: Hashable {
    /// `root[keyPath:]` on an object: identity of the object plus the key path.
    case root(ObjectIdentifier, AnyKeyPath)
    /// A binding with no root (`.constant`): unique per binding.
    case unique(ObjectIdentifier)
    case member(Derivation, AnyKeyPath)
    case unwrapped(Derivation)
    case isPresent(Derivation)
    case enumCase(Derivation, String)
  }

  let derivation: Derivation

  @usableFromInline
  init(derivation: Derivation) { self.derivation = derivation }
}
