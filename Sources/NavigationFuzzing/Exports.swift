// Topologies, addresses and intents are part of the harness's public API: re-exported so a user's
// package needs only `import NavigationFuzzing`.
@_exported import NavigationReference
