// The matcher's algorithm is its own module, compiled optimised even in debug builds (see Package.swift);
// the core re-exports it, so `DecodedRGB`, `ImageMatcher` and `MatchDescriptor` read as core types.
@_exported import AlbumScanMatching
