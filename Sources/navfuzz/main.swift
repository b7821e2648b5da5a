import NavFuzzCommandLine
import NavFuzzEngines

// The command line with the built-in engines and topologies. A package's own executable does the
// same with its own: `NavFuzzCommand.main(engines: [...], topologies: [...])`, after
// `BuiltInEngines.register()` where it wants the built-in ones too.
MainActor.assumeIsolated { BuiltInEngines.register() }
NavFuzzCommand.main()
