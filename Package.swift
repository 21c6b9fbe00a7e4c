// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "albumscan",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "albumscan", targets: ["albumscan"]),
        // The library: open a home, scan a photo or bytes, query the catalogue, export (Sources/AlbumScanApp/Library).
        // A package depends on it by path or by branch; see the README for why a version pin is refused.
        .library(name: "AlbumScan", targets: ["AlbumScanApp"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        // `albumscan serve`'s HTTP server. FlyingFox has no dependencies (its own epoll socket layer): it adds about
        // 35 s to a fresh debug build on 2 cores, where Hummingbird 2 brings swift-nio and its companions (minutes).
        // Its HTTPServer is not used (its head parser has no limits and takes time quadratic in a line's length):
        // the server has its own accept loop and bounded head reader (Sources/AlbumScanServe/HTTP) on FlyingSocks'
        // sockets, with FlyingFox's request, response and body types.
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    ],
    targets: [
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        // libcurl and libheif are opened on first use (see the targets' headers), so neither is linked.
        .target(name: "CCurl"),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .target(name: "CHeif"),
        // SIFT for the image matcher's geometric stage; see Sources/AlbumScanMatching/ImageMatcher.swift for the choice.
        .systemLibrary(name: "CVLFeat", providers: [.apt(["libvlfeat-dev"])]),
        // The matcher's hot loops in C: VLFeat's column convolution (Debian's libvl has only the scalar loop) and keypoint
        // descriptor, both giving libvl's results bit for bit, the nearest-descriptor search and the layout prefilter,
        // each built for AVX2 too where it helps. Optimised in every build, and with no fused multiply-add, so the
        // convolution's and descriptor's sums stay libvl's.
        .target(
            name: "CMatchingKernels", dependencies: ["CVLFeat"],
            cSettings: [.unsafeFlags(["-O3", "-ffp-contract=off"])]
        ),
        // SHA-256 and HMAC-SHA256 from Debian's OpenSSL (libssl-dev). It replaced swift-crypto, whose bundled BoringSSL
        // was about half of a fresh build's steps for these two functions, and so pays for the server's build time.
        .target(name: "CDigest", linkerSettings: [.linkedLibrary("crypto")]),
        // glibc's mallopt, for the allocator setting in Sources/albumscan/main.swift.
        .systemLibrary(name: "CMalloc"),
        // Retail barcodes (EAN-13, UPC-A, EAN-8) through zxing-cpp; see Barcode/BarcodeReader.swift for the choice.
        .target(
            name: "CZXing",
            linkerSettings: [.linkedLibrary("ZXing")]
        ),
        .target(
            name: "AlbumScanPrompts",
            path: "Prompts",
            exclude: ["README.md"],
            resources: [
                .embedInCode("identify.txt"),
                .embedInCode("search.txt"),
                .embedInCode("review.txt"),
                .embedInCode("review-ultra.txt"),
            ]
        ),
        // The image matcher (pure Swift, no dependencies) is optimised in debug builds too: unoptimised, one
        // comparison takes over a second instead of ~35 ms, and every end-to-end test scan runs it.
        .target(
            name: "AlbumScanMatching",
            dependencies: ["CVLFeat", "CMatchingKernels"],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
        ),
        // Optimised in debug builds too: the tests run whole scans in-process, and unoptimised image resizing and
        // quality measures took about a third of the suite's time.
        .target(
            name: "AlbumScanCore",
            dependencies: [
                "AlbumScanMatching", "CTurboJPEG", "CPNG", "CHeif", "CCurl", "CZXing", "CDigest", "AlbumScanPrompts",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
        ),
        // Optimised in debug builds too: it renders the matcher's simulated phone photos pixel by pixel.
        .target(
            name: "AlbumScanTestSupport", dependencies: ["AlbumScanCore", "AlbumScanMatching", "CHeif", "CPNG"],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))],
            // Its HEIC writer calls libheif's encoder directly.
            linkerSettings: [.linkedLibrary("heif")]
        ),
        // The application: what a front end does with the core (exports, catalogue queries, the scan queue), shared by
        // the CLI and `serve`, and the library product's public surface.
        .target(
            name: "AlbumScanApp",
            dependencies: ["AlbumScanCore", .product(name: "TOMLKit", package: "TOMLKit")]
        ),
        // The phone page's server: its own target so only the CLI's `serve` command links FlyingFox; the page's
        // files are compiled in, so a copied binary serves them.
        .target(
            name: "AlbumScanServe",
            dependencies: [
                "AlbumScanApp", "AlbumScanCore", "CZXing",
                .product(name: "FlyingFox", package: "FlyingFox"),
            ],
            // Each of the page's script modules is listed here and in PageRoutes.scripts (a test checks both).
            resources: [
                .embedInCode("Page/index.html"), .embedInCode("Page/app.css"),
                .embedInCode("Page/js/api.js"),
                .embedInCode("Page/js/back-photo.js"),
                .embedInCode("Page/js/catalogue.js"),
                .embedInCode("Page/js/change-log.js"),
                .embedInCode("Page/js/correction.js"),
                .embedInCode("Page/js/connection.js"),
                .embedInCode("Page/js/defaults-form.js"),
                .embedInCode("Page/js/dom.js"),
                .embedInCode("Page/js/export-panel.js"),
                .embedInCode("Page/js/exports.js"),
                .embedInCode("Page/js/downscale.js"),
                .embedInCode("Page/js/grade-form.js"),
                .embedInCode("Page/js/job-grading.js"),
                .embedInCode("Page/js/jobs.js"),
                .embedInCode("Page/js/live.js"),
                .embedInCode("Page/js/main.js"),
                .embedInCode("Page/js/messages.js"),
                .embedInCode("Page/js/page-state.js"),
                .embedInCode("Page/js/photo-names.js"),
                .embedInCode("Page/js/photo-store.js"),
                .embedInCode("Page/js/photos.js"),
                .embedInCode("Page/js/queue.js"),
                .embedInCode("Page/js/retry.js"),
                .embedInCode("Page/js/scan-edits.js"),
                .embedInCode("Page/js/scan-result.js"),
                .embedInCode("Page/js/scan-views.js"),
                .embedInCode("Page/js/sha256.js"),
                .embedInCode("Page/js/shop-fields.js"),
                .embedInCode("Page/js/stages.js"),
                .embedInCode("Page/js/unidentified.js"),
                .embedInCode("Page/js/wrong-album.js"),
            ]
        ),
        .executableTarget(
            name: "albumscan",
            dependencies: [
                "AlbumScanApp", "AlbumScanCore", "AlbumScanMatching", "AlbumScanServe", "CMalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ],
            // Release links with lld and packed relative relocations (glibc 2.36+): the dynamic relocation table,
            // which every run reads in whole at start, shrinks from 2.3 MB to 40 KB (peak RSS 2-3 MB lower).
            linkerSettings: [
                .unsafeFlags(
                    ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"],
                    .when(platforms: [.linux], configuration: .release))
            ]
        ),
        .executableTarget(name: "albumscan-fakes", dependencies: ["AlbumScanTestSupport"]),
        .executableTarget(name: "albumscan-bench", dependencies: ["AlbumScanTestSupport", "AlbumScanMatching", "CMalloc"]),
        .testTarget(
            name: "AlbumScanCoreTests",
            dependencies: ["AlbumScanCore", "AlbumScanMatching", "AlbumScanTestSupport", "CMatchingKernels"],
            // Read from the source tree by BarcodeCrashRegressionTests (#filePath), so not a resource.
            exclude: ["Barcode/crashers.txt"]
        ),
        .testTarget(name: "AlbumScanAppTests", dependencies: ["AlbumScanApp", "AlbumScanCore", "AlbumScanTestSupport"]),
        .testTarget(
            name: "AlbumScanServeTests",
            // FlyingFox for the request and response values the in-process tests hand the router.
            dependencies: [
                "AlbumScanServe", "AlbumScanApp", "AlbumScanCore", "AlbumScanTestSupport",
                .product(name: "FlyingFox", package: "FlyingFox"),
            ]
        ),
        .testTarget(
            name: "AlbumScanCLITests",
            dependencies: ["albumscan", "AlbumScanApp", "AlbumScanCore", "AlbumScanTestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
