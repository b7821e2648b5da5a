// The toolchain's Swift Testing declares a cross-import overlay for UIKit: a file that imports both
// `Testing` and `UIKit` also imports `_Testing_UIKit`, which only Apple's SDKs ship. This empty
// module stands in for it, so test files may `import UIKit` next to `import Testing` on Linux.
// It ships in the `UIKit` product, so every package that depends on that product has it.
