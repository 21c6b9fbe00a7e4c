import AlbumScanApp
#if canImport(Glibc)
    import CMalloc
    import Glibc

    // One malloc arena for every thread. glibc would give each thread that allocates at once an arena of its own,
    // and a scan's image buffers and SIFT scale spaces, freed on one thread and wanted again on another, would then
    // stay resident in one arena while fresh pages are faulted in for the other (a 12 MP scan peaked at 65-70 MB).
    // In one arena a freed buffer is reused: the scan peaks at 60-62 MB, within the 64 MB budget (row 6), as with the
    // fixed 128 KiB mmap threshold used before (every large block a mapping of its own, returned when freed). That
    // threshold made each of those blocks fault its pages in afresh: about 17,000 page faults a scan against 13,000
    // now, and the scan about 14 ms slower (row 2). Small blocks come from each thread's cache without the lock.
    mallopt(M_ARENA_MAX, 1)
#endif

exit(await CommandRunner.run(Array(CommandLine.arguments.dropFirst()), context: .live()))
