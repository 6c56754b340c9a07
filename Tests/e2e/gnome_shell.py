"""GNOME Shell as the tests meet it: the session scripts/with-gnome-shell.sh started, asked
through org.gnome.Shell.Eval (unsafe mode is on there) what it shows and told what a user
does in it. Every answer is read from the shell's own actors (what is on screen), never from
our provider's D-Bus replies."""
import json
import os
import subprocess

from gi.repository import Gio, GLib

from atspi_app import HANG, ROOT, wait_for

APP_ID = "io.github.scrumdinger.Scrumdinger"
DESKTOP_ID = f"{APP_ID}.desktop"
PREFIX = os.environ.get("GNOME_SESSION_PREFIX", "")
INSTALLED = os.path.join(PREFIX, "bin", "scrumdinger")

MODIFIERS = {"ctrl": "Control_L", "shift": "Shift_L", "alt": "Alt_L"}

# Our section of the overview's search results: the provider whose id is our desktop id.
PROVIDER = f"""Main.overview._overview._controls._searchController._searchResults._providers
  .find(p => p.id === '{DESKTOP_ID}')"""

# What our section shows: [] while hidden, else each result's labels (title, description) in order.
SHOWN = f"""(() => {{
  const p = {PROVIDER};
  if (!p || !p.display || !p.display.visible || !p.display.mapped) return [];
  const labels = actor => actor instanceof imports.gi.St.Label ? [actor.text]
    : actor.get_children().flatMap(labels);
  return p.display._content.get_children().filter(r => r.visible).map(labels);
}})()"""


def require_session():
    """Fails loudly, naming the piece, outside scripts/with-gnome-shell.sh."""
    assert PREFIX and os.environ.get("WAYLAND_DISPLAY"), \
        "these tests run in the GNOME session of scripts/with-gnome-shell.sh (GNOME_SESSION_PREFIX unset)"


class Shell:
    """The session's GNOME Shell, over D-Bus."""

    def __init__(self):
        require_session()
        self.bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)

    def eval(self, code):
        """Runs `code` in the shell; returns its value (as JSON decodes it)."""
        reply = self.bus.call_sync("org.gnome.Shell", "/org/gnome/Shell", "org.gnome.Shell", "Eval",
                                   GLib.Variant("(s)", (code,)), GLib.VariantType("(bs)"),
                                   Gio.DBusCallFlags.NONE, 10000, None)
        ok, value = reply.unpack()
        assert ok, f"the shell could not run {code!r}: {value}"
        return json.loads(value) if value else None

    # The keyboard -------------------------------------------------------------------------

    def key(self, *keys):
        """Presses each of `keys` ("Tab", "ctrl+Return", "plus": X key names, modifiers joined
        by +) on the session's keyboard, which the shell sends to the focused window."""
        for combo in keys:
            *modifiers, name = combo.split("+") if combo != "plus" else ["plus"]
            names = [MODIFIERS[m] for m in modifiers] + [name]
            self.eval(f"""(() => {{
              const C = imports.gi.Clutter;
              const keyboard = global.testKeyboard;
              let time = imports.gi.GLib.get_monotonic_time();
              const names = {json.dumps(names)};
              for (const name of names) keyboard.notify_keyval(time++, C['KEY_' + name], C.KeyState.PRESSED);
              for (const name of names.reverse()) keyboard.notify_keyval(time++, C['KEY_' + name], C.KeyState.RELEASED);
              return true;
            }})()""")

    def focused_window(self):
        """The title of the window with the keyboard's focus, or None."""
        return self.eval("global.display.focus_window ? global.display.focus_window.get_title() : null")

    # The overview's search --------------------------------------------------------------------

    def search(self, text):
        """Opens the overview and types `text` into its search entry, as a user would."""
        self.eval(f"Main.overview.show(); Main.overview.searchEntry.set_text({json.dumps(text)}); true")

    def shown(self):
        """Our section's results as the shell shows them: [[title, description], ...]."""
        return self.eval(SHOWN)

    def wait_shown(self, what, timeout=HANG):
        return wait_for(lambda: self.shown() or None, timeout=timeout, what=what)

    def activate_result(self, title):
        """Clicks our result whose title is `title`."""
        assert self.eval(f"""(() => {{
          const r = ({PROVIDER}).display._content.get_children()
            .find(r => r.metaInfo && r.metaInfo.name === {json.dumps(title)});
          if (!r) return false;
          r.activate();
          return true;
        }})()"""), f"no result titled {title!r} in the shell's view"

    def search_in_app(self):
        """Clicks our section's app icon, the shell's "search in the app"."""
        self.eval(f"({PROVIDER}).display.providerInfo.emit('clicked', 1); true")

    def close_overview(self):
        self.eval("Main.overview.searchEntry.set_text(''); Main.overview.hide(); true")
        wait_for(lambda: not self.eval("Main.overview.visible || Main.overview.animationInProgress"),
                 what="the overview to close")

    # The message tray -----------------------------------------------------------------------

    def banner(self):
        """The notification banner on show: its labels' texts (title, body) and its buttons'
        labels, or None."""
        return self.eval("""(() => {
          const banner = Main.messageTray._banner;
          if (!banner || !Main.messageTray.visible) return null;
          const St = imports.gi.St;
          const labels = actor => actor instanceof St.Label ? (actor.visible ? [actor.text] : [])
            : actor.get_children().filter(child => !(child instanceof St.Button)).flatMap(labels);
          const buttons = banner._buttonBox ? banner._buttonBox.get_children().map(b => b.label) : [];
          return {texts: labels(banner), buttons};
        })()""")

    def clear_tray(self):
        """Removes every notification (the session's own start-up notices among them: a root
        session, unsafe mode), so the next banner is the test's."""
        self.eval("Main.messageTray.getSources().forEach(source => source.destroy()); true")
        wait_for(lambda: self.banner() is None, what="the banners to go")

    def tray(self):
        """Every notification the message tray holds, by its source: [[source, title, body]]."""
        return self.eval("""Main.messageTray.getSources().flatMap(source =>
          source.notifications.map(n => [source.title, n.title, n.bannerBodyText]))""")

    def click_banner_button(self, label):
        """Clicks the banner's button labelled `label`, as a pointer would."""
        assert self.eval(f"""(() => {{
          const banner = Main.messageTray._banner;
          const button = banner && banner._buttonBox &&
            banner._buttonBox.get_children().find(b => b.label === {json.dumps(label)});
          if (!button) return false;
          button.emit('clicked', 1);
          return true;
        }})()"""), f"no {label!r} button on the shell's banner"

    def dismiss_banner(self):
        """Closes the banner's notification with its close button, as a user would."""
        assert self.eval("""(() => {
          const banner = Main.messageTray._banner;
          if (!banner) return false;
          banner._closeButton.emit('clicked', 1);
          return true;
        })()"""), "no banner to dismiss"

    def windows_of(self, pid):
        """The titles of the windows the shell shows for process `pid`."""
        return self.eval(f"""global.get_window_actors().map(a => a.meta_window)
          .filter(w => w.get_pid() === {pid}).map(w => w.get_title())""")

    def provider_loaded(self):
        return self.eval(f"!!({PROVIDER})")


def install_app():
    """Installs the built app into the session's prefix as `make install` would (its desktop
    entry, D-Bus service, search provider and schema), then waits for the shell to load our
    search provider."""
    require_session()
    bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                              capture_output=True, text=True).stdout.strip()
    subprocess.run([os.path.join(ROOT, "scripts", "install.sh"), "install", "", PREFIX, bin_path],
                   cwd=ROOT, check=True, capture_output=True)
    wait_for(Shell().provider_loaded, what="the shell to load Scrumdinger's search provider")


def set_activation_environment(**env):
    """What D-Bus activation starts the app with, from now on (a session's own tool)."""
    subprocess.run(["dbus-update-activation-environment", *[f"{k}={v}" for k, v in env.items()]], check=True)
