// swift-tools-version: 6.0
// Layers, bottom up: a GTK-free core (models, store, timer, app state) over GLib only;
// C modules for GTK4/libadwaita and GStreamer; one Swift shim that hides the C casts;
// the feature code; and a thin executable.
import PackageDescription

let package = Package(
  name: "Scrumdinger",
  products: [
    .executable(name: "scrumdinger", targets: ["scrumdinger"])
  ],
  targets: [
    .systemLibrary(
      name: "CGLib",
      pkgConfig: "glib-2.0",
      providers: [.apt(["libglib2.0-dev"])]
    ),
    .systemLibrary(
      name: "CAdwaita",
      pkgConfig: "libadwaita-1",
      providers: [.apt(["libgtk-4-dev", "libadwaita-1-dev"])]
    ),
    .systemLibrary(
      name: "CGStreamer",
      pkgConfig: "gstreamer-1.0",
      providers: [.apt(["libgstreamer1.0-dev"])]
    ),
    .target(name: "ScrumdingerCore", dependencies: ["CGLib"]),
    .target(name: "GtkShim", dependencies: ["CAdwaita", "CGStreamer"]),
    .target(name: "ScrumdingerApp", dependencies: ["ScrumdingerCore", "GtkShim"]),
    .executableTarget(name: "scrumdinger", dependencies: ["ScrumdingerApp"]),
    .executableTarget(name: "scrumdinger-bench", dependencies: ["ScrumdingerApp", "ScrumdingerCore", "GtkShim"]),
    .testTarget(name: "ScrumdingerCoreTests", dependencies: ["ScrumdingerCore"]),
    .testTarget(name: "ScrumdingerAppTests", dependencies: ["ScrumdingerApp", "GtkShim", "ScrumdingerCore"]),
  ]
)
