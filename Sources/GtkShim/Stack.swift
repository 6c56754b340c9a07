import CAdwaita

/// Shows one of several named pages, with a slide between them.
@MainActor public final class Stack: Widget {
  private var pages: [String: Widget] = [:]

  public init() {
    super.init(gtk_stack_new())
    gtk_stack_set_transition_type(stack, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
    gtk_stack_set_transition_duration(stack, 150)
  }

  private var stack: OpaquePointer { cast(raw) }

  /// Shows `page` under `name`, replacing any page of that name.
  public func show(_ page: Widget, named name: String) {
    let old = pages[name]
    if old !== page {
      pages[name] = page
      gtk_stack_add_named(stack, page.widget, nil)
    }
    gtk_stack_set_visible_child(stack, page.widget)
    if let old, old !== page { gtk_stack_remove(stack, old.widget) }
  }

  /// Removes the page called `name`, if any.
  public func remove(named name: String) {
    guard let page = pages.removeValue(forKey: name) else { return }
    gtk_stack_remove(stack, page.widget)
  }

  /// The page on show.
  public var visiblePage: Widget? {
    let visible = gtk_stack_get_visible_child(stack)
    return pages.values.first { $0.widget == visible }
  }
}
