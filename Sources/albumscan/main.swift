#if canImport(Glibc)
    import CMalloc
    import Glibc

    // glibc raises its mmap threshold to the size of each large block freed (up to 32 MB), so once a scan frees
    // its first image buffer, later buffers and SIFT scale spaces come from the heap and stay resident after they
    // are freed (8-12 MB of a 12 MP scan's peak). A fixed threshold gives every block over 128 KiB a mapping of
    // its own, returned to the system when freed.
    mallopt(M_MMAP_THRESHOLD, 128 * 1024)
#endif

exit(await CommandRunner.run(Array(CommandLine.arguments.dropFirst()), context: .live()))
