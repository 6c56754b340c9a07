// What lets a page fit its window: being told the window's or a drawing's size, text sized
// in pixels, and where a widget ended up.
import CAdwaita
import Platform

extension DrawingArea {
  /// Calls `action` with the new width and height whenever GTK resizes the area.
  public func onResize(_ action: @escaping @MainActor (_ width: Int, _ height: Int) -> Void) {
    connect(raw, "resize", for: self, size: action)
  }
}

extension ApplicationWindow {
  /// Calls `action` with the window's size whenever it changes (also when made full screen or
  /// maximized, where the default size stays as it was).
  public func onResize(_ action: @escaping @MainActor (_ width: Int, _ height: Int) -> Void) {
    let window = widget
    var connected = false
    func attach() {
      guard !connected, let surface = gtk_native_get_surface(cast(UnsafeMutableRawPointer(window))) else { return }
      connected = true
      connect(UnsafeMutableRawPointer(surface), "layout", for: self, size: action)
    }
    if gtk_widget_get_realized(window) != 0 {
      attach()
    } else {
      connect(raw, "realize", for: self, perform: { attach() })
    }
  }

  /// Calls `action` when the window enters or leaves full screen.
  public func onFullscreenChanged(_ action: @escaping @MainActor (Bool) -> Void) {
    let window = widget
    connect(
      raw, "notify::fullscreened", for: self,
      withArgument: { _ in
        action(gtk_window_is_fullscreen(cast(UnsafeMutableRawPointer(window))) != 0)
      })
  }
}

extension Clamp {
  /// The widest the child may be, in pixels.
  public var maximumWidth: Int {
    get { Int(adw_clamp_get_maximum_size(cast(raw))) }
    set {
      adw_clamp_set_maximum_size(cast(raw), Int32(newValue))
      adw_clamp_set_tightening_threshold(cast(raw), Int32(newValue))
    }
  }
}

extension Widget {
  /// Calls `action` with the pointer's position (in this widget's coordinates) as it enters
  /// or moves over the widget.
  public func onPointerMotion(_ action: @escaping @MainActor (_ x: Double, _ y: Double) -> Void) {
    let controller = gtk_event_controller_motion_new()!
    connect(UnsafeMutableRawPointer(controller), "enter", for: self, point: action)
    connect(UnsafeMutableRawPointer(controller), "motion", for: self, point: action)
    gtk_widget_add_controller(widget, controller)
  }

  /// Where the widget is drawn, in `other`'s coordinates (nil when either is not laid out).
  public func bounds(in other: Widget) -> (x: Double, y: Double, width: Double, height: Double)? {
    var rect = graphene_rect_t()
    guard gtk_widget_compute_bounds(widget, other.widget, &rect) != 0 else { return nil }
    return (Double(rect.origin.x), Double(rect.origin.y), Double(rect.size.width), Double(rect.size.height))
  }

  /// The width and height GTK gave the widget at the last layout.
  public var allocatedSize: (width: Int, height: Int) {
    (Int(gtk_widget_get_width(widget)), Int(gtk_widget_get_height(widget)))
  }

  /// Runs `action` once, at the first frame after the widget has been given a size (a page
  /// just built is laid out at its first frame, not when it is made).
  public func whenLaidOut(_ action: @escaping @MainActor () -> Void) {
    let box = ClosureBox.retained(action as VoidHandler)
    gtk_widget_add_tick_callback(
      widget,
      { widget, _, data in
        guard gtk_widget_get_height(widget) > 0 else { return 1 }  // G_SOURCE_CONTINUE: not yet
        if let run: VoidHandler = handler(data) { MainActor.assumeIsolated { run() } }
        return gboolean(G_SOURCE_REMOVE)
      }, box, releaseClosureBox)
  }
}
