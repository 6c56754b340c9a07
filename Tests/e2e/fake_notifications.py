"""A stand-in for the desktop's notification daemon: owns org.freedesktop.Notifications on
the session bus and appends every Notify and CloseNotification call to a log file as a JSON
line (with the notification's id and its actions). Its extra method Invoke(id, action key)
emits ActionInvoked, as a click on a notification's button does."""
import json
import sys

from gi.repository import GLib

from fake_service import serve

XML = """
<node>
  <interface name="org.freedesktop.Notifications">
    <method name="Notify">
      <arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="s" direction="in"/>
      <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="as" direction="in"/>
      <arg type="a{sv}" direction="in"/><arg type="i" direction="in"/>
      <arg type="u" direction="out"/>
    </method>
    <method name="CloseNotification"><arg type="u" direction="in"/></method>
    <method name="GetCapabilities"><arg type="as" direction="out"/></method>
    <method name="GetServerInformation">
      <arg type="s" direction="out"/><arg type="s" direction="out"/>
      <arg type="s" direction="out"/><arg type="s" direction="out"/>
    </method>
    <signal name="NotificationClosed"><arg type="u"/><arg type="u"/></signal>
    <signal name="ActionInvoked"><arg type="u"/><arg type="s"/></signal>
    <method name="Invoke"><arg type="u" direction="in"/><arg type="s" direction="in"/></method>
  </interface>
</node>
"""

log_path = sys.argv[1]
counter = [0]


def on_call(connection, sender, path, interface, method, params, invocation):
    if method == "Notify":
        app_name, replaces, _, summary, body, actions = params.unpack()[:6]
        counter[0] += 1
        with open(log_path, "a") as log:
            log.write(json.dumps({"app": app_name, "summary": summary, "body": body, "id": counter[0],
                                  "replaces": replaces, "actions": actions}) + "\n")
        invocation.return_value(GLib.Variant("(u)", (counter[0],)))
    elif method == "CloseNotification":
        with open(log_path, "a") as log:
            log.write(json.dumps({"closed": params.unpack()[0]}) + "\n")
        invocation.return_value(None)
    elif method == "GetCapabilities":
        invocation.return_value(GLib.Variant("(as)", (["body", "actions"],)))
    elif method == "Invoke":
        connection.emit_signal(None, path, interface, "ActionInvoked", GLib.Variant("(us)", params.unpack()))
        invocation.return_value(None)
    elif method == "GetServerInformation":
        invocation.return_value(GLib.Variant("(ssss)", ("fake", "scrumdinger-tests", "1", "1.2")))
    else:
        invocation.return_value(None)


serve("org.freedesktop.Notifications", "/org/freedesktop/Notifications", XML, on_call, log_path)
