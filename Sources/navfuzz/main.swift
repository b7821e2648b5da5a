import NavFuzzCommandLine

// The command line with the built-in engines and topologies. A package's own executable does the
// same with its own: `NavFuzzCommand.main(engines: [...], topologies: [...])`.
NavFuzzCommand.main()
