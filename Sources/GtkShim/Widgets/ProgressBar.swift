import CAdwaita
import Platform

/// A horizontal bar showing a fraction done.
@MainActor public final class ProgressBar: Widget {
  public init() {
    super.init(gtk_progress_bar_new())
  }

  /// 0…1.
  public var fraction: Double {
    get { gtk_progress_bar_get_fraction(cast(raw)) }
    set { gtk_progress_bar_set_fraction(cast(raw), newValue) }
  }

  /// What screen readers say as its value ("3 minutes" rather than a percentage).
  public func setAccessibleValueText(_ text: String) {
    guard text != valueText else { return }
    valueText = text
    shim_accessible_set_value_text(cast(raw), text)
  }

  private var valueText: String?
}
