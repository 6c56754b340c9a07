// swift-tools-version: 6.0
// Layers, bottom up: a platform layer over GLib and GIO (worker threads, the main loop and
// timeouts, files, the file monitor, child processes, D-Bus, settings, dates in a time zone,
// signal connections); a GTK-free core (models, store, timer, app state) over it alone; one
// Swift shim for the widgets, drawing and sound (GTK4/libadwaita, GStreamer, libsoup) that
// hides the C casts; the feature code; and a thin executable. Each C module is named after
// what it wraps.
import PackageDescription

// How the program ships (release builds): linked by lld with packed relative relocations,
// and the code the first window runs laid out together (Sources/scrumdinger/startup.order,
// written by `make startup-order`), so starting touches few pages of the program. `make
// install` and `make bench` also build with `--static-swift-stdlib` (the Swift runtime and
// Foundation linked in: no dozen libraries loaded and resolved at each start), which only
// the command line can ask for. Measured by `make bench` (docs/performance.md).
let shippedLinking: [String] = [
  "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
  "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Sources/scrumdinger/startup.order",
  "-Xlinker", "--no-warn-symbol-ordering", "-Xlinker", "--no-export-dynamic",
]

let package = Package(
  name: "Scrumdinger",
  products: [
    .executable(name: "scrumdinger", targets: ["scrumdinger"])
  ],
  targets: [
    .systemLibrary(
      name: "CGLib",
      pkgConfig: "gio-2.0",
      providers: [.apt(["libglib2.0-dev"])]
    ),
    .systemLibrary(
      name: "CAdwaita",
      pkgConfig: "libadwaita-1",
      providers: [.apt(["libgtk-4-dev", "libadwaita-1-dev"])]
    ),
    .systemLibrary(
      name: "CGStreamer",
      pkgConfig: "gmodule-no-export-2.0",
      providers: [.apt(["libglib2.0-dev"])]
    ),
    .systemLibrary(
      name: "CSoup",
      pkgConfig: "gmodule-no-export-2.0",
      providers: [.apt(["libglib2.0-dev"])]
    ),
    .target(name: "Platform", dependencies: ["CGLib"]),
    .target(name: "ScrumdingerCore", dependencies: ["Platform"]),
    .target(name: "GtkShim", dependencies: ["Platform", "CAdwaita", "CGStreamer", "CSoup"]),
    .target(name: "ScrumdingerApp", dependencies: ["ScrumdingerCore", "GtkShim", "Platform"]),
    .executableTarget(
      name: "scrumdinger", dependencies: ["ScrumdingerApp", "GtkShim", "Platform"], exclude: ["startup.order"],
      linkerSettings: [.unsafeFlags(shippedLinking, .when(configuration: .release))]),
    .executableTarget(
      name: "scrumdinger-bench",
      dependencies: [
        "ScrumdingerApp", "ScrumdingerCore", "GtkShim", "Platform", "ScrumdingerTestSupport", "GtkTestSupport",
      ]),
    // The file readers under libFuzzer (`make fuzz`); a plain build replays files through them.
    .executableTarget(name: "scrumdinger-fuzz", dependencies: ["ScrumdingerCore", "ScrumdingerTestSupport"]),
    // The fakes both test targets stand the app's effects in with, and the clock, generator
    // and round trip the tests, the fuzzer and the bench share; never in the product.
    .target(
      name: "ScrumdingerTestSupport", dependencies: ["ScrumdingerCore", "Platform", "CGLib"],
      path: "Tests/ScrumdingerTestSupport"),
    // GTK started on a display (or a loud failure) and the main loop run: for every GTK test.
    .target(name: "GtkTestSupport", dependencies: ["GtkShim", "Platform", "CAdwaita"], path: "Tests/GtkTestSupport"),
    .testTarget(name: "PlatformTests", dependencies: ["Platform"]),
    .testTarget(name: "GtkShimTests", dependencies: ["GtkShim", "Platform", "CAdwaita", "GtkTestSupport"]),
    .testTarget(
      name: "ScrumdingerCoreTests", dependencies: ["ScrumdingerCore", "Platform", "ScrumdingerTestSupport", "CGLib"],
      exclude: ["Record/Golden"]),
    .testTarget(
      name: "ScrumdingerAppTests",
      dependencies: [
        "ScrumdingerApp", "GtkShim", "Platform", "ScrumdingerCore", "ScrumdingerTestSupport", "GtkTestSupport",
        "CAdwaita",
      ]),
  ]
)
