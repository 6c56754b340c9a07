/// The reverse-DNS id used for the application, its data folder, desktop file and icon.
public let appID = "io.github.scrumdinger.Scrumdinger"

/// The version shown by `--version` and the About window.
public let appVersion = "0.1.0"
