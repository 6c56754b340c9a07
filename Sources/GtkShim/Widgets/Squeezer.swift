import CAdwaita
import Platform

/// Shows the first of its children that fits the width it is given, or none (libadwaita's
/// squeezer): how a header bar's buttons make room in a narrow window, libadwaita 1.2 having
/// no breakpoints. What a child that goes offers must be reachable elsewhere (the menu).
@MainActor public final class Squeezer: Widget {
  private let children: [Widget]

  /// Offers `children`, widest first; when none fits, none is shown.
  public init(_ children: [Widget]) {
    self.children = children
    super.init(adw_squeezer_new())
    adw_squeezer_set_allow_none(cast(raw), 1)
    adw_squeezer_set_homogeneous(cast(raw), 0)
    for child in children { _ = adw_squeezer_add(cast(raw), child.widget) }
  }

  /// Which child is on show (its place in the order given), nil when none fits.
  public var shownIndex: Int? {
    guard let shown = adw_squeezer_get_visible_child(cast(raw)) else { return nil }
    return children.firstIndex { $0.widget == shown }
  }
}
