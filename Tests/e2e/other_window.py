"""Another application's window, to take the keyboard focus away from Scrumdinger."""
import gi

gi.require_version("Gtk", "4.0")
from gi.repository import GLib, Gtk  # noqa: E402

window = Gtk.Window(title="Another application")
window.set_default_size(300, 200)
window.present()
loop = GLib.MainLoop()
window.connect("close-request", lambda *a: loop.quit())
loop.run()
