// Compact view folds the meeting page into a strip and shrinks the window around it, so it
// can sit beside a call; unfolding gives the window back the size it had, maximized or full
// screen as it was.
import GtkShim

/// The window's size while the meeting page is compact.
@MainActor final class CompactView {
  /// The size of the compact strip's window.
  static let size = (width: 320, height: 120)
  private let window: ApplicationWindow
  private let page: MeetingPage
  /// What unfolding puts back (nil while the page is not compact).
  private var restore: (width: Int, height: Int, maximized: Bool, fullscreen: Bool)?

  /// Folds and unfolds `page` in `window`.
  init(window: ApplicationWindow, page: MeetingPage) {
    self.window = window
    self.page = page
  }

  /// Folds the page into the strip, the window shrunk around it, or unfolds it.
  func show(_ on: Bool) {
    guard on != (restore != nil) else { return }
    if on {
      let size = window.defaultSize
      restore = (size.width, size.height, window.isMaximized, window.isFullscreen)
      if window.isFullscreen { window.isFullscreen = false }
      if window.isMaximized { window.isMaximized = false }
      page.showCompact(true)
      window.setDefaultSize(width: Self.size.width, height: Self.size.height)
    } else if let restore {
      self.restore = nil
      page.showCompact(false)
      window.setDefaultSize(width: restore.width, height: restore.height)
      if restore.maximized { window.isMaximized = true }
      if restore.fullscreen { window.isFullscreen = true }
    }
  }

  /// Folds an unfolded page, unfolds a folded one.
  func toggle() { show(restore == nil) }
}
