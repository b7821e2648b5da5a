extension Array {
  /// Whether the two arrays are one buffer: a copy neither has written to since (copy on write).
  /// Then they are equal element for element, known without comparing a single element; false
  /// says nothing (equal arrays may have been built apart).
  ///
  /// The runner keeps the reference as it was before each program step and compares it with the
  /// reference after: a screen the step did not write below still shares its arrays with the
  /// old copy, and need not be walked.
  func sharesStorage(with other: [Element]) -> Bool {
    count == other.count
      && withUnsafeBufferPointer { mine in
        other.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
      }
  }
}
