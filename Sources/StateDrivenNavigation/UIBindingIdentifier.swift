/// What a binding *is*, as opposed to what it holds: two bindings derived the same way from the
/// same root object are equal, so a presenter can key its presentations by binding.
public struct UIBindingIdentifier: Hashable, @unchecked Sendable {
  ///
  /// Only the cases that nest a derivation are `indirect`: the two a binding starts from are stored
  /// inline, so making the binding of a root (every slot a screen wires) allocates no box for it.
  @usableFromInline
  enum Derivation: Hashable {
    /// `root[keyPath:]` on an object: identity of the object plus the key path.
    case root(ObjectIdentifier, AnyKeyPath)
    /// A binding with no root (`.constant`): unique per binding.
    case unique(ObjectIdentifier)
    indirect case member(Derivation, AnyKeyPath)
    indirect case unwrapped(Derivation)
    indirect case isPresent(Derivation)
    indirect case enumCase(Derivation, String)
  }

  let derivation: Derivation

  @usableFromInline
  init(derivation: Derivation) { self.derivation = derivation }
}
