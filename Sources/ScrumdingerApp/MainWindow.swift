import GtkShim
import ScrumdingerCore

/// The one window: titled "Scrumdinger", showing the page the navigation state names.
@MainActor public final class MainWindow {
  /// The GTK window.
  public let window: ApplicationWindow
  private let state: AppState

  init(application: Application, state: AppState) {
    self.state = state
    window = ApplicationWindow(application: application)
    window.title = "Scrumdinger"
    window.setDefaultSize(width: 720, height: 640)
  }

  /// Shows and raises the window.
  public func present() { window.present() }

  func showScrums() {
    let count = state.scrums.value.count
    window.content = count == 0
      ? StatusPage(title: "No Scrums", iconName: "x-office-calendar-symbolic")
      : StatusPage(title: count == 1 ? "1 scrum" : "\(count) scrums", iconName: "x-office-calendar-symbolic")
  }

  func showLoadError(_ error: StoreError) {
    window.content = StatusPage(
      title: "Your Scrums Could Not Be Read", description: error.description,
      iconName: "dialog-warning-symbolic")
  }
}
