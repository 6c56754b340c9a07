"""Serves a stand-in D-Bus service on the session bus for the e2e tests: owns `name`, exports
one interface at `path`, and creates `log_path` once the name is owned (so a test can wait
for it). Each fake (notifications, session manager) supplies its interface and handler."""
import sys

from gi.repository import Gio, GLib


def serve(name, path, xml, on_call, log_path):
    """Runs the service until the process is ended."""
    def on_bus(connection, _name):
        node = Gio.DBusNodeInfo.new_for_xml(xml)
        connection.register_object(path, node.interfaces[0], on_call, None, None)

    def on_name(_connection, _name):
        open(log_path, "a").close()  # the file's existence says the name is owned

    Gio.bus_own_name(Gio.BusType.SESSION, name, Gio.BusNameOwnerFlags.NONE, on_bus, on_name,
                     lambda *_: sys.exit(f"could not own {name}"))
    GLib.MainLoop().run()
