import CoordinatorsFuzzing
import NavFuzzCommandLine

NavFuzzCommand.main(engines: [.coordinators, .coordinatorsOnePop], topologies: [.coordinators])
