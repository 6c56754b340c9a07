"""A session bus of the test's own, whose D-Bus activation knows only the service folders it
is given, as a desktop session's bus knows those under XDG_DATA_DIRS. Programs it starts get
its environment (the display, the test's data folder) and reach the accessibility bus of the
test's session, so AT-SPI sees their windows."""
import os
import subprocess

from gi.repository import Gio, GLib

from atspi_app import HANG, wait_for

CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=/tmp</listen>
  <auth>EXTERNAL</auth>
  {servicedirs}
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""


def accessibility_bus():
    """The address of the accessibility bus of the session the tests run in."""
    session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    reply = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
                              GLib.VariantType("(s)"), Gio.DBusCallFlags.NONE, 10000, None)
    return reply.unpack()[0]


class PrivateBus:
    def __init__(self, folder, service_dirs, env):
        config = os.path.join(folder, "bus.conf")
        with open(config, "w") as out:
            out.write(CONFIG.format(servicedirs="".join(f"<servicedir>{d}</servicedir>" for d in service_dirs)))
        full_env = dict(os.environ, AT_SPI_BUS_ADDRESS=accessibility_bus())
        full_env.update(env)
        self.daemon = subprocess.Popen(["dbus-daemon", f"--config-file={config}", "--nofork", "--print-address=1"],
                                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=full_env)
        self.address = self.daemon.stdout.readline().decode().strip()
        self.connection = Gio.DBusConnection.new_for_address_sync(
            self.address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
            None, None)

    def call(self, name, path, interface, method, args, reply_type, timeout=20.0):
        """Calls `method`, starting `name` by D-Bus activation if need be; returns the reply's values."""
        reply = self.connection.call_sync(name, path, interface, method, args,
                                          GLib.VariantType(reply_type) if reply_type else None,
                                          Gio.DBusCallFlags.NONE, int(timeout * 1000), None)
        return reply.unpack() if reply is not None else ()

    def owner_pid(self, name):
        """The process owning `name`, or None."""
        try:
            return self.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                             "GetConnectionUnixProcessID", GLib.Variant("(s)", (name,)), "(u)")[0]
        except GLib.GError:
            return None

    def wait_gone(self, name, timeout):
        wait_for(lambda: self.owner_pid(name) is None, timeout=timeout, what=f"{name} to leave the bus")

    def close(self):
        self.connection.close_sync(None)
        self.daemon.terminate()
        self.daemon.wait(timeout=HANG)
