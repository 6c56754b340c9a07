import CAdwaita
import Platform

/// An icon from the icon theme.
@MainActor public final class Image: Widget {
  /// The named icon, decorative: hidden from screen readers, since the text beside it says
  /// what it means.
  public init(iconName: String) {
    super.init(gtk_image_new_from_icon_name(iconName))
    hideFromAccessibility()
  }
}
