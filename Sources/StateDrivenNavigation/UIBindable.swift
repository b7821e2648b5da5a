import Observation

/// Derives bindings from an observable model: `$model.destination` is a `UIBinding` whose identity
/// is the model object and the key path.
@MainActor
@propertyWrapper
@dynamicMemberLookup
public struct UIBindable<Model: AnyObject & Observable> {
  public var wrappedValue: Model

  public init(wrappedValue: Model) { self.wrappedValue = wrappedValue }
  public init(_ model: Model) { self.wrappedValue = model }

  public var projectedValue: UIBindable<Model> { self }

  public subscript<Value>(dynamicMember keyPath: ReferenceWritableKeyPath<Model, Value>) -> UIBinding<Value> {
    UIBinding(root: wrappedValue, keyPath: keyPath)
  }
}
