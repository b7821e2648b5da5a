import NavFuzzEngines
import NavigationFuzzing

/// Before the first input: the built-in engines become known by name, for `NAVFUZZ_ENGINE`.
@_cdecl("LLVMFuzzerInitialize")
public func navfuzzInitialize(
  _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
  MainActor.assumeIsolated { BuiltInEngines.register() }
  return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func navfuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  MainActor.assumeIsolated { FuzzTarget.testOneInput(bytes) }
  return 0
}

/// AddressSanitizer reads its defaults here before `ASAN_OPTIONS` (which still wins); a build
/// without ASan never calls it. See `FuzzTarget.addressSanitizerDefaults` for why.
@_cdecl("__asan_default_options")
public func navfuzzAddressSanitizerDefaults() -> UnsafePointer<CChar> {
  UnsafeRawPointer(FuzzTarget.addressSanitizerDefaults.utf8Start).assumingMemoryBound(to: CChar.self)
}
