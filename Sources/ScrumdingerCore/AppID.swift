/// The reverse-DNS id used for the application, its data folder, desktop file and icon.
public let appID = "io.github.scrumdinger.Scrumdinger"
