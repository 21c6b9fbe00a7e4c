// swift-tools-version:6.0
import PackageDescription

// An example of albumscan as a library: scans one photo with recorded answers (no network, no API key) and prints
// what it found. `make example` builds and runs it.
let package = Package(
    name: "ScanOne",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "albumscan", path: "../..")],
    targets: [
        .executableTarget(name: "ScanOne", dependencies: [.product(name: "AlbumScan", package: "albumscan")])
    ]
)
