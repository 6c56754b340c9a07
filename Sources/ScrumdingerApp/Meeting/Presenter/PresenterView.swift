// The presenter view: the meeting's face for the room full screen on another monitor (the
// TV, the projector), the main window kept as the presenter's console with every control,
// the notes and "Up next". Which monitor, and what plugging one in or out means, are the
// rules of `Presenting` (core); this controller feeds them GDK's monitors, opens and closes
// the presentation window, keeps the header menu's "Present on …" items and the console's
// list in step, and says in a toast what the monitors did. The presentation window reaches the
// main window's actions and the meeting's, so the meeting's keys work in either; Escape there stops presenting,
// not the meeting.
import FoundationEssentials
import GtkShim
import ScrumdingerCore

/// Presents one meeting on another monitor.
@MainActor final class PresenterView {
  /// Shows a toast over the window (over the meeting's ring, or over the compact strip's
  /// window): its words, a button's label and what the button does; nil if the window is gone.
  typealias ShowToast = @MainActor (String, String?, (@MainActor () -> Void)?) -> Toast?

  /// Called when whether F5 can do something changes (the window greys it out or not).
  var onCanToggleChanged: (@MainActor () -> Void)?
  private var presenting = Presenting()
  private lazy var monitors = Monitors { [weak self] in self?.monitorsChanged() }
  /// The presentation window, while the meeting is presented.
  private(set) var window: MonitorWindow?
  private(set) var face: PresentationFace?
  private let console: ApplicationWindow
  /// The console's action groups by prefix, which the presentation window reaches too.
  private let actions: [String: ActionGroup]
  private let application: Application
  private let page: MeetingPage
  private let makeFace: @MainActor () -> PresentationFace
  private let title: String
  private let toast: ShowToast
  /// The toast saying what the monitors did last (a newer one replaces it).
  private var notice: Toast?

  /// The presenter view of the meeting shown in `page` of `console` (whose action groups are
  /// `actions`, by prefix), which says what the monitors did with `toast`; `makeFace` makes the room's
  /// face of it each time it is presented.
  init(
    title: String, console: ApplicationWindow, actions: [String: ActionGroup], application: Application,
    page: MeetingPage,
    toast: @escaping ShowToast, makeFace: @escaping @MainActor () -> PresentationFace
  ) {
    self.toast = toast
    self.title = title
    self.console = console
    self.actions = actions
    self.application = application
    self.page = page
    self.makeFace = makeFace
    presenting = Presenting(monitors: monitorInfos())
    updateMenu()
    // The menu offers the monitors the console is not on: moved, it offers others.
    monitors.onMonitorChanged(of: console) { [weak self] in
      self?.updateMenu()
      self?.onCanToggleChanged?()
    }
  }

  /// The monitor the presentation is on, if it is presented.
  var presentingOn: MonitorInfo? { presenting.presentingOn }

  /// Whether F5 does something now (present, or stop presenting).
  var canToggle: Bool { presenting.canToggle(windowOn: consoleMonitor) }

  /// F5: presents on the first monitor that is not the console's, or stops presenting.
  func toggle() {
    guard let choice = presenting.toggle(windowOn: consoleMonitor) else {
      closeWindow()
      return changed()
    }
    open(on: choice)
  }

  /// Presents on the monitor plugged into `connector` (a choice of the header menu).
  func present(on connector: String) {
    guard presenting.presentingOn?.connector != connector else { return }
    closeWindow()
    if let monitor = presenting.present(on: connector) { open(on: monitor) }
  }

  /// Stops presenting: the presentation window goes, the meeting goes on in the console.
  func stop() {
    presenting.stop()
    closeWindow()
    changed()
  }

  private var consoleMonitor: String? { monitors.connector(of: console) }

  /// The monitors GDK knows enough about to name (on Wayland a new one says its connector a
  /// moment after it joins the list).
  private func monitorInfos() -> [MonitorInfo] {
    monitors.all.filter { !$0.connector.isEmpty }.map {
      MonitorInfo(connector: $0.connector, model: $0.model, height: $0.height)
    }
  }

  private func open(on monitor: MonitorInfo) {
    let face = makeFace()
    let window = MonitorWindow(application: application, actions: actions, title: tr("%@ — Presentation", title))
    window.content = face.root
    face.fit(height: monitor.height)
    // Escape there stops presenting, as it leaves a slide show; the meeting goes on.
    window.onKey("Escape") { [weak self] in
      self?.stop()
      return true
    }
    window.onUnrealize { [weak self, weak window] in
      guard let self, let window, self.window === window else { return }
      self.window = nil
      self.face = nil
      self.presenting.stop()
      self.changed()
    }
    self.window = window
    self.face = face
    guard window.show(fullscreenOn: monitor.connector, of: monitors) else { return stop() }
    changed()
  }

  private func closeWindow() {
    guard let window else { return }
    self.window = nil
    face = nil
    window.close()
  }

  private func monitorsChanged() {
    switch presenting.monitorsChanged(to: monitorInfos()) {
    case .lost(let monitor):
      closeWindow()
      say(tr("%@ was disconnected: the meeting goes on here", monitor.name))
    case .offered(let monitor):
      say(tr("%@ is connected", monitor.name), button: tr("Present")) { [weak self] in
        self?.present(on: monitor.connector)
      }
    case nil: if let shown = presenting.presentingOn { face?.fit(height: shown.height) }  // a new size, perhaps
    }
    changed()
  }

  private func say(_ text: String, button: String? = nil, action: (@MainActor () -> Void)? = nil) {
    notice?.dismiss()
    notice = toast(text, button, action)
  }

  /// The menu, the console's "Up next" and F5 follow what is presented now.
  private func changed() {
    updateMenu()
    page.showPresenting(presenting.presentingOn != nil)
    onCanToggleChanged?()
  }

  private func updateMenu() {
    if presenting.presentingOn != nil {
      page.presentItems.set([(tr("Stop Presenting"), Command.meeting(.present).detailedName)])
    } else {
      page.presentItems.set(
        presenting.choices(windowOn: consoleMonitor).map { monitor in
          (tr("Present on %@", monitor.name), Command.meeting(.presentOn).detailedName + "::" + monitor.connector)
        })
    }
  }
}
