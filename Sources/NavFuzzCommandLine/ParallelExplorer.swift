import Foundation
import NavigationFuzzing

/// `navfuzz explore --jobs N`: each batch of prefixes the explorer expands is split into N
/// contiguous slices; the first is expanded here, each other one by this same executable in a
/// process of its own (`explore --worker-input FILE`), which prints its expansions. The explorer
/// merges them in order, so the search is the one `--jobs 1` makes. A worker that fails costs
/// time, never a different result: its slice is expanded here — unless the search was interrupted
/// (Ctrl-C reaches the workers too), when the slice is left empty, as the search stops anyway.
@MainActor
enum ParallelExplorer {
  static func expand(
    _ batch: [[Step]], with explorer: Explorer, jobs: Int, workerArguments: [String], interrupted: () -> Bool
  ) -> [ExplorerExpansion] {
    let slices = Campaign.ranges(runs: batch.count, parts: jobs)
    guard slices.count > 1 else { return batch.map { explorer.expand($0) } }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "navfuzz-explore-\(getpid())-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    var workers: [(process: Process?, output: URL, slice: Range<Int>)] = []
    for (number, slice) in slices.enumerated().dropFirst() {
      let input = folder.appendingPathComponent("prefixes-\(number).txt")
      let output = folder.appendingPathComponent("expansions-\(number).txt")
      let process = Process()
      do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(explorer.encode(prefixes: Array(batch[slice])).utf8).write(to: input)
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        process.executableURL = ParallelCampaign.executable
        process.arguments = workerArguments + ["--worker-input", input.path]
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.standardError
        try process.run()
        workers.append((process, output, slice))
      } catch {
        workers.append((nil, output, slice))
      }
    }
    var expansions: [ExplorerExpansion] = []
    for prefix in batch[slices[0]] {
      expansions.append(interrupted() ? ExplorerExpansion(steps: []) : explorer.expand(prefix))
    }
    for worker in workers {
      // Workers may be in a process group of their own: an interruption is passed on.
      while let process = worker.process, process.isRunning {
        if interrupted() { process.interrupt() }
        usleep(20_000)
      }
      worker.process?.waitUntilExit()
      if let process = worker.process, process.terminationStatus == 0,
        let text = try? String(contentsOf: worker.output, encoding: .utf8),
        let decoded = try? explorer.decodeExpansions(text), decoded.count == worker.slice.count
      {
        expansions += decoded
      } else if interrupted() {
        expansions += worker.slice.map { _ in ExplorerExpansion(steps: []) }
      } else {
        expansions += batch[worker.slice].map { explorer.expand($0) }
      }
    }
    return expansions
  }
}
