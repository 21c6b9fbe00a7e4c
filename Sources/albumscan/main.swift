#if canImport(Glibc)
    import Glibc
#endif

exit(await CommandRunner.run(Array(CommandLine.arguments.dropFirst()), context: .live()))
