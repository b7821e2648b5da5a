// `import ObjectiveC` for code written for Apple's platforms, on Linux: `NSObject` and the runtime's
// associated objects, which libraries use to attach state to controllers
// (pointfreeco/swift-navigation's `NSObject+Observe.swift` keeps its observation tokens so).
//
// Each name is imported on its own (a scoped import), so a file that imports only `ObjectiveC` sees
// these names and none of UIKit's. Importing any name of HeadlessUIKit also brings its extensions of
// Dispatch's types: `DispatchQueue.main.async { }` in such a file runs on the simulated world's
// virtual run loop, as it does in a file that imports `UIKit` (HeadlessUIKit's MainQueue.swift).
// Behaviour lives in HeadlessUIKit; this module adds no names of its own.
@_exported import class Foundation.NSObject
@_exported import protocol Foundation.NSObjectProtocol
@_exported import func HeadlessUIKit.objc_getAssociatedObject
@_exported import func HeadlessUIKit.objc_removeAssociatedObjects
@_exported import func HeadlessUIKit.objc_setAssociatedObject
@_exported import enum HeadlessUIKit.objc_AssociationPolicy

// The C allocator, which Apple's `ObjectiveC` brings along (libraries allocate their association
// keys with `malloc(1)!`).
#if canImport(Glibc)
  @_exported import func Glibc.free
  @_exported import func Glibc.malloc
#elseif canImport(Musl)
  @_exported import func Musl.free
  @_exported import func Musl.malloc
#endif
