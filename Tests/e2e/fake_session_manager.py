"""A stand-in for GNOME's session manager: owns org.gnome.SessionManager on the session bus
and appends every Inhibit and Uninhibit call to a log file as a JSON line. GTK asks it to
keep the screen awake when the name has an owner at the app's start."""
import json
import sys

from gi.repository import GLib

from fake_service import serve

XML = """
<node>
  <interface name="org.gnome.SessionManager">
    <method name="Inhibit">
      <arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="s" direction="in"/>
      <arg type="u" direction="in"/><arg type="u" direction="out"/>
    </method>
    <method name="Uninhibit"><arg type="u" direction="in"/></method>
    <method name="IsInhibited"><arg type="u" direction="in"/><arg type="b" direction="out"/></method>
    <method name="RegisterClient">
      <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="o" direction="out"/>
    </method>
  </interface>
</node>
"""

log_path = sys.argv[1]
cookies = [0]


def record(entry):
    with open(log_path, "a") as log:
        log.write(json.dumps(entry) + "\n")


def on_call(connection, sender, path, interface, method, params, invocation):
    if method == "Inhibit":
        app_id, _, reason, flags = params.unpack()
        cookies[0] += 1
        record({"call": "Inhibit", "app": app_id, "reason": reason, "flags": flags, "cookie": cookies[0]})
        invocation.return_value(GLib.Variant("(u)", (cookies[0],)))
    elif method == "Uninhibit":
        record({"call": "Uninhibit", "cookie": params.unpack()[0]})
        invocation.return_value(None)
    elif method == "RegisterClient":
        invocation.return_value(GLib.Variant("(o)", ("/org/gnome/SessionManager/Client1",)))
    else:
        invocation.return_value(GLib.Variant("(b)", (False,)))


serve("org.gnome.SessionManager", "/org/gnome/SessionManager", XML, on_call, log_path)
