import CoordinatorsFuzzing
import NavFuzzCommandLine
import NavFuzzEngines

MainActor.assumeIsolated { BuiltInEngines.register() }

NavFuzzCommand.main(engines: [.coordinators, .coordinatorsOnePop], topologies: [.coordinators])
