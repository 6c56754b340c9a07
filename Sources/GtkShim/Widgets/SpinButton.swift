import CAdwaita
import Platform

/// A number field with − and + (arrow keys and Page Up/Down step it), wrapping at its ends
/// when asked (hours, minutes).
@MainActor public final class SpinButton: Widget {
  /// A field for whole numbers in `range`, showing `value`, named `accessibleName`.
  public init(range: ClosedRange<Int>, value: Int, accessibleName: String, wraps: Bool = false) {
    super.init(gtk_spin_button_new_with_range(Double(range.lowerBound), Double(range.upperBound), 1))
    gtk_spin_button_set_value(spin, Double(value))
    gtk_spin_button_set_wrap(spin, wraps ? 1 : 0)
    gtk_spin_button_set_numeric(spin, 1)
    setAccessibleLabel(accessibleName)
  }

  private var spin: OpaquePointer { OpaquePointer(raw) }

  /// The number shown.
  public var value: Int {
    get { Int(gtk_spin_button_get_value_as_int(spin)) }
    set { gtk_spin_button_set_value(spin, Double(newValue)) }
  }

  /// Shows numbers with two digits ("09"), as a clock does.
  public func showTwoDigits() {
    let spin = spin
    connect(
      raw, "output", for: self,
      decide: {
        let value = Int(gtk_spin_button_get_value_as_int(spin))
        gtk_editable_set_text(cast(UnsafeMutableRawPointer(spin)), value < 10 ? "0\(value)" : "\(value)")
        return true
      })
  }

  /// Calls `action` whenever the value changes.
  public func onValueChanged(_ action: @escaping @MainActor () -> Void) {
    connect(raw, "value-changed", for: self, perform: action)
  }
}
