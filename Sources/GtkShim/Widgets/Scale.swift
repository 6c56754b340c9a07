import CAdwaita
import Platform

/// A horizontal slider over whole numbers.
@MainActor public final class Scale: Widget {
  /// A slider from `range.lowerBound` to `range.upperBound` in steps of `step`.
  public init(range: ClosedRange<Int>, step: Int = 1, value: Int) {
    super.init(
      gtk_scale_new_with_range(
        GTK_ORIENTATION_HORIZONTAL, Double(range.lowerBound), Double(range.upperBound), Double(step)))
    gtk_scale_set_draw_value(cast(raw), 0)
    gtk_range_set_increments(gtkRange, Double(step), Double(step * 5))
    gtk_range_set_round_digits(gtkRange, 0)
    self.value = value
    expand(horizontally: true)
  }

  private var gtkRange: UnsafeMutablePointer<GtkRange> { cast(raw) }

  /// The selected number.
  public var value: Int {
    get { Int(gtk_range_get_value(gtkRange).rounded()) }
    set { gtk_range_set_value(gtkRange, Double(newValue)) }
  }

  /// Calls `action` whenever the value changes.
  public func onValueChanged(_ action: @escaping @MainActor () -> Void) {
    connect(raw, "value-changed", for: self, perform: action)
  }

  /// What screen readers say for the value ("5 minutes" rather than "5").
  public func setAccessibleValueText(_ text: String) {
    shim_accessible_set_value_text(cast(raw), text)
  }
}
