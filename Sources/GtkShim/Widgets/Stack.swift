import CAdwaita
import Platform

/// Shows one of several named pages, with a slide between them.
@MainActor public final class Stack: Widget {
  private var pages: [String: Widget] = [:]

  public init() {
    super.init(gtk_stack_new())
    gtk_stack_set_transition_type(stack, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
    gtk_stack_set_transition_duration(stack, 150)
    // As big as the page on show, not the biggest page kept: the meeting's compact strip is
    // smaller than the pages behind it.
    gtk_stack_set_hhomogeneous(stack, 0)
    gtk_stack_set_vhomogeneous(stack, 0)
  }

  private var stack: OpaquePointer { cast(raw) }

  /// Shows `page` under `name`, replacing any page of that name; `title` names it for
  /// screen readers.
  public func show(_ page: Widget, named name: String, title: String) {
    let old = pages[name]
    if old !== page {
      pages[name] = page
      gtk_stack_add_titled(stack, page.widget, nil, title)
    }
    gtk_stack_set_visible_child(stack, page.widget)
    if let old, old !== page { gtk_stack_remove(stack, old.widget) }
  }

  /// Removes every page whose name is not in `names`.
  public func removePages(except names: Set<String>) {
    for (name, page) in pages where !names.contains(name) {
      gtk_stack_remove(stack, page.widget)
      pages[name] = nil
    }
  }
}
