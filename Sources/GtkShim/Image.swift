import CAdwaita

/// An icon from the icon theme.
@MainActor public final class Image: Widget {
  /// The named icon; decorative unless it gets an accessible label.
  public init(iconName: String) {
    super.init(gtk_image_new_from_icon_name(iconName))
  }
}
