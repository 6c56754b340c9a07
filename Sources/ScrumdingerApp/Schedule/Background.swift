// Reminders come only while the app runs, so while any scrum meets on a schedule (and the
// user has not said otherwise in Preferences: GSettings key run-in-background) the app holds
// itself open once its window closes, and an XDG autostart entry starts it at login with
// --background (reminders armed, no window). With no schedule left, or the preference off, the
// entry is removed and a closed window ends the app. Quit in the menu quits for real. The hold
// is taken only when the window goes and given back when one shows: the window keeps the app
// open meanwhile.
import FoundationEssentials
import Glibc
import GtkShim
import Platform
import ScrumdingerCore

/// Running on without a window, for reminders.
@MainActor final class Background {
  private let application: Application
  private let settings: Settings?
  private let reminders: ReminderPlanner
  private var held = false
  /// Set by Quit: the app ends when its window closes, reminders or not.
  var quitRequested = false
  /// Where the autostart entry goes ($XDG_CONFIG_HOME/autostart).
  static var autostartPath: String {
    Files.userConfigFolder + "/autostart/" + appID + ".desktop"
  }

  init(application: Application, settings: Settings?, reminders: ReminderPlanner) {
    self.application = application
    self.settings = settings
    self.reminders = reminders
  }

  /// "Run in the background for reminders" (on unless switched off).
  var isEnabled: Bool {
    get { settings?.has("run-in-background") == true ? settings!.bool("run-in-background") : true }
    set {
      settings?.set("run-in-background", newValue)
      update()
    }
  }

  /// Whether reminders are to come with no window open.
  private var wanted: Bool { reminders.hasSchedules && isEnabled }

  /// Writes or removes the autostart entry, as the schedules and the preference now say.
  func update() {
    wanted ? writeAutostart() : removeAutostart()
  }

  /// There is no window (it closed, or the app started with --background): the app holds
  /// itself open for reminders, if they are wanted and Quit was not chosen.
  func windowGone() {
    guard wanted, !quitRequested, !held else { return }
    held = true
    application.hold()
  }

  /// A window shows again: it keeps the app open.
  func windowShown() {
    quitRequested = false
    guard held else { return }
    held = false
    application.release()
  }

  private func writeAutostart() {
    // A line each, not a multi-line literal: xgettext (C rules) cannot read those.
    let entry = [
      "[Desktop Entry]", "Type=Application", "Name=" + tr("Scrumdinger"),
      "Comment=" + tr("Reminders of scheduled stand-ups"), "Exec=" + DesktopExec.line(Self.command, ["--background"]),
      "Icon=" + appID, "NoDisplay=true", "X-GNOME-Autostart-enabled=true", "",
    ].joined(separator: "\n")
    let path = Self.autostartPath
    if (try? String(contentsOfFile: path, encoding: .utf8)) == entry { return }
    Files.makeFolder(Files.folder(of: path))
    do throws(ExportError) {
      try HistoryExport.write(Data(entry.utf8), to: path)
    } catch {
      warn("the autostart entry could not be written: \(error)")
    }
  }

  private func removeAutostart() {
    Files.remove(Self.autostartPath)
  }

  /// The command that starts this program again: its name where PATH finds this same file,
  /// else its own path (see `DesktopExec.command`).
  private static var command: String {
    guard let executable = Files.linkDestination(of: "/proc/self/exe") else { return "scrumdinger" }
    return DesktopExec.command(executable: executable) { name in
      for folder in (getenv("PATH").map { String(cString: $0) } ?? "").split(separator: ":") {
        guard let resolved = Files.resolved(folder + "/" + name) else { continue }
        return resolved
      }
      return nil
    }
  }
}
