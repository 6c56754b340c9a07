/// The reverse-DNS id used for the application, its data folder, desktop file and icon.
public let appID = "io.github.scrumdinger.Scrumdinger"

/// The version: the one place it is written. `--version`, About, the metainfo's newest
/// release (checked by scripts/check-data.sh) and the Debian package (`make deb`) all say it.
public let appVersion = "1.0.0"
