/// Takes a stored array out of its property, leaving an empty one in its place, so the caller
/// changes it as a local and stores it back.
///
/// Why: Swift checks at run time that two accesses to a class's stored property (or a global)
/// never overlap, unless it proves at compile time that none can. It proves it for a property that
/// is not visible outside the module and whose every access is instantaneous: an access that
/// encloses a call Swift cannot see through — an array's `append`, `remove(at:)`, `removeAll(where:)`
/// — makes every access to that property a run-time check (a thread-local look-up and an insertion
/// into the thread's access set). Taking the array out is one instantaneous swap; the change then
/// runs on a local; storing it back is one instantaneous store. What it equals: changing the
/// property in place, provided nothing between the take and the store reads the property — the
/// callers change the local with array operations only, and release nothing that could run a
/// deinit (replaced values are kept alive past the store).
@inline(__always)
func takeStoredArray<Element>(_ array: inout [Element]) -> [Element] {
  var taken: [Element] = []
  swap(&taken, &array)
  return taken
}
