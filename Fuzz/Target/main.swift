import NavigationFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func navfuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  MainActor.assumeIsolated { FuzzTarget.testOneInput(bytes) }
  return 0
}
