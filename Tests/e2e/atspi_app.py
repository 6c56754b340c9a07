"""Drives the real `scrumdinger` binary through AT-SPI, as a screen reader or a user would.

Each App gets its own XDG_DATA_HOME. Nodes are found by role and accessible name (the
names are the app's accessibility contract); buttons are pressed through their AT-SPI
action; keys go through xdotool to the focused window.
"""
import os
import re
import subprocess
import time

import pyatspi
from gi.repository import GLib

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BINARY = os.environ.get("SCRUMDINGER_BIN", os.path.join(ROOT, ".build", "debug", "scrumdinger"))
OUTPUT = os.path.join(ROOT, "Tests", "output")

# Roles a user can operate: each must carry a real name.
INTERACTIVE_ROLES = {
    "push button", "toggle button", "check box", "radio button", "text", "entry",
    "password text", "slider", "scroll bar", "spin button", "combo box", "list item",
    "menu item", "link", "page tab", "switch",
}
GTYPE_NAME = re.compile(r"^(Gtk|Adw|Gdk)[A-Z]\w*$")


# How long a wait for something the app does may take before the test calls it a hang: long
# enough that a correct app on a machine busy with other work always makes it (a test never
# asserts timing through a wait's limit; it brackets the app's own figures instead).
HANG = 60.0


def wait_for(predicate, timeout=HANG, interval=0.1, what="condition"):
    """Polls `predicate` until it returns something truthy; fails with `what` and the last
    value it saw after `timeout`."""
    end = time.monotonic() + timeout
    value = None
    while True:
        try:
            value = predicate()
        except (GLib.GError, FileNotFoundError) as error:
            # A node vanished mid-walk (the page was rebuilt), or a file is being replaced (a
            # sync tool that takes a rename as delete-then-move: seen with Syncthing under load).
            last_error = error
        else:
            last_error = None
            if value:
                return value
        if time.monotonic() > end:
            detail = f" (last error: {last_error})" if last_error else f" (last seen: {value!r})"
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}{detail}")
        time.sleep(interval)


SPOKEN_TIME = re.compile(r"(?:(\d+) minutes?)? ?(?:(\d+) seconds?)?")


def spoken_seconds(text):
    """The seconds in a time as the app says it to screen readers: "1 minute 5 seconds"."""
    match = SPOKEN_TIME.fullmatch(text)
    assert match and text, f"not a spoken time: {text!r}"
    return int(match.group(1) or 0) * 60 + int(match.group(2) or 0)


def running(pid):
    """Whether process `pid` is running (a zombie, dead but not yet reaped, is not)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def descendants(node):
    """Every node below `node`, depth first (live; no cache). A node that leaves the tree while
    it is walked (a page rebuilt, a toast replaced, a list emptied) has no children to give."""
    try:
        children = [child for child in node]  # not list(node): its length is -1 once it is gone
    except GLib.GError:
        return
    for child in children:
        if child is None:
            continue
        yield child
        yield from descendants(child)


def unless_gone(read):
    """`read()`, or None when the node it reads has left the tree since it was found: AT-SPI
    then says "The application no longer exists" of it (its proxy is disposed), though the app
    is running."""
    try:
        return read()
    except GLib.GError:
        return None


def open_meeting_menu(window):
    """Opens the running meeting's main menu in `window` (the main window). The pages along
    the route each have a main menu in the tree, the meeting's last."""
    menus = [n for n in descendants(window)
             if n.getRoleName() == "push button" and n.name == "Main Menu" and n.queryAction().nActions]
    menus[-1].queryAction().doAction(0)


# The main window's title: "Scrumdinger", or "TITLE — Meeting" during a meeting.
MAIN_WINDOW = "^(Scrumdinger|.* — Meeting)$"


class App:
    """One running scrumdinger process and its accessibility tree."""

    def __init__(self, data_home, env=None, command=None, executable=None):
        """Starts `command` (default: the built binary). With `executable`, the app is the
        process running that file (a launcher such as gtk-launch starts it detached)."""
        self.data_home = str(data_home)
        self.data_dir = os.path.join(self.data_home, "io.github.scrumdinger.Scrumdinger")
        self.scrums_path = os.path.join(self.data_dir, "scrums.json")
        full_env = dict(os.environ)
        full_env.update({
            "XDG_DATA_HOME": self.data_home,
            "LANGUAGE": "C",
            "GDK_BACKEND": "x11",
            "GSK_RENDERER": "cairo",
        })
        full_env.pop("GTK_A11Y", None)
        full_env.update(env or {})
        for name in [k for k, v in full_env.items() if v == ""]:
            del full_env[name]  # an empty value means: unset it
        os.makedirs(self.data_home, exist_ok=True)
        self.log = open(os.path.join(self.data_home, "app.log"), "ab")
        self.executable = executable
        self.proc = subprocess.Popen(command or [BINARY], env=full_env, stdout=self.log, stderr=self.log)
        try:
            self.app = wait_for(self._find_app, what="the app on the accessibility bus")
        except AssertionError as error:
            # Said with what the process was doing, then ended: a process left running would
            # hold the app's D-Bus name, and every later launch would go to it.
            detail = self.unseen_diagnosis()
            self.kill()
            raise AssertionError(f"{error}\n{detail}") from None
        self.pid = self.app.get_process_id()
        self.main = wait_for(lambda: self.window("Scrumdinger"), what="the main window")

    def _find_app(self):
        if self.executable is None:
            # Gone before it was seen (another instance took the launch, or it crashed): said at
            # once, with its log, rather than waited for.
            self.alive()
        desktop = pyatspi.Registry.getDesktop(0)
        for app in desktop:
            try:
                if app is None:
                    continue
                pid = app.get_process_id()
                if self.executable is None and pid == self.proc.pid:
                    return app
                if self.executable is not None and os.path.realpath(f"/proc/{pid}/exe") == self.executable:
                    return app
            except Exception:
                continue
        return None

    def unseen_diagnosis(self):
        """What a process not seen on the accessibility bus was doing: its state and threads'
        stacks, who holds the app's D-Bus name, the applications the bus lists, its log."""
        pid = self.proc.pid if self.executable is None else None
        lines = []
        if pid is not None and self.proc.poll() is None:
            with open(f"/proc/{pid}/status") as status:
                lines += [line.rstrip() for line in status if line.startswith(("State", "Threads"))]
            stacks = subprocess.run(["gdb", "-p", str(pid), "-batch", "-ex", "thread apply all bt 12"],
                                    capture_output=True, text=True, timeout=HANG)
            lines += [line for line in stacks.stdout.splitlines() if line.startswith(("#", "Thread"))]
        elif pid is not None:
            lines.append(f"exited with status {self.proc.returncode}")
        owner = subprocess.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path",
                                "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.GetConnectionUnixProcessID",
                                "io.github.scrumdinger.Scrumdinger"], capture_output=True, text=True)
        lines.append(f"the app's D-Bus name: {(owner.stdout or owner.stderr).strip()}")
        listed = []
        for app in pyatspi.Registry.getDesktop(0):
            listed.append(unless_gone(lambda: f"{app.name} (pid {app.get_process_id()})") if app else None)
        lines.append(f"on the accessibility bus: {listed}")
        self.log.flush()
        with open(self.log.name, errors="replace") as log:
            lines.append(f"its log: {log.read()[-3000:]}")
        return "\n".join(lines)

    # Finding -----------------------------------------------------------------------------

    def window(self, name):
        """The top-level window called `name`, or None."""
        for win in self.app:
            if win is not None and unless_gone(lambda: win.name) == name:
                return win
        return None

    def windows(self):
        return [w for w in self.app if w is not None]

    def find(self, role, name, within=None, timeout=HANG):
        """The first node with `role` and accessible `name` (a string or compiled regex)."""
        return wait_for(lambda: self.query(role, name, within), timeout=timeout,
                        what=f"[{role}] {name!r}")

    def alive(self):
        """Fails the test at once, with the app's exit status and log, if the app has died."""
        if self.executable is not None:
            if not os.path.exists(f"/proc/{self.pid}"):
                raise AssertionError("scrumdinger has exited")
            return
        code = self.proc.poll()
        if code is not None:
            self.log.flush()
            with open(os.path.join(self.data_home, "app.log"), errors="replace") as log:
                tail = log.read()[-2000:]
            raise AssertionError(f"scrumdinger exited with status {code}\n{tail}")

    def query(self, role, name, within=None, actionable=False):
        """Like find, but returns None at once when absent. `actionable` skips nodes without
        an AT-SPI action (GTK wraps some buttons in a same-named container)."""
        self.alive()
        roots = [within] if within is not None else self.windows()
        for root in roots:
            for node in descendants(root):
                try:
                    if node.getRoleName() != role:
                        continue
                    if not (name.fullmatch(node.name) if hasattr(name, "fullmatch") else node.name == name):
                        continue
                    if actionable and node.queryAction().nActions == 0:
                        continue
                    return node
                except Exception:
                    continue
        return None

    def find_all(self, role, within=None):
        """Every node with `role` below `within` (or in every window), in tree order, but those
        that leave the tree as they are read."""
        roots = [within] if within is not None else self.windows()
        return [n for r in roots for n in descendants(r) if unless_gone(n.getRoleName) == role]

    def absent(self, role, name, within=None, timeout=HANG):
        wait_for(lambda: self.query(role, name, within) is None, timeout=timeout,
                 what=f"[{role}] {name!r} to disappear")

    def texts(self, within=None):
        """Every label's text, in tree order."""
        names = [unless_gone(lambda: n.name) for n in self.find_all("label", within)]
        return [name for name in names if name is not None]

    # Acting ------------------------------------------------------------------------------

    def press(self, role, name, within=None):
        """Presses a button (or activates a row) through its default AT-SPI action."""
        node = wait_for(lambda: self.query(role, name, within, actionable=True),
                        what=f"[{role}] {name!r} with an action")
        wait_for(lambda: node.getState().contains(pyatspi.STATE_SENSITIVE),
                 what=f"[{role}] {name!r} to be sensitive")
        node.queryAction().doAction(0)
        return node

    def click(self, node, window=MAIN_WINDOW):
        """Clicks the middle of `node` with the mouse (for controls GTK 4.8 gives no AT-SPI
        action, such as check boxes). Extents are window-relative here: add the place of the
        window whose title matches `window` (a regular expression; the main window's by default)."""
        box = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        shell = subprocess.run(["xdotool", "search", "--all", "--onlyvisible", "--pid", str(self.pid),
                                "--name", window, "getwindowgeometry", "--shell"],
                               capture_output=True, text=True, check=True).stdout
        window = dict(line.split("=", 1) for line in shell.split())
        x, y = int(window["X"]) + box.x + box.width // 2, int(window["Y"]) + box.y + box.height // 2
        subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "1"], check=True)

    def type_into(self, name, text, within=None):
        """Replaces the text of the entry called `name`."""
        node = self.find("text", name, within)
        node.queryEditableText().setTextContents(text)
        wait_for(lambda: self.text_of(node) == text, what=f"{name!r} to read {text!r}")
        return node

    @staticmethod
    def text_of(node):
        text = node.queryText()
        return text.getText(0, text.characterCount)

    def type_into_focused(self, node, text):
        """Types `text` with the keyboard and checks it landed in `node`, i.e. that `node` had
        keyboard focus. (GTK 4.8 neither moves focus over AT-SPI nor reports it on entries.)"""
        before = self.text_of(node)
        self.type_keys(text)
        wait_for(lambda: self.text_of(node) == before + text,
                 what=f"typed {text!r} to land in {node.name!r}")

    def type_keys(self, text):
        """Types `text` into whatever has keyboard focus."""
        subprocess.run(["xdotool", "type", "--delay", "20", text], check=True)

    def key(self, *keys):
        """Sends key presses to the focused window, as the keyboard would."""
        subprocess.run(["xdotool", "key", "--clearmodifiers", *keys], check=True)

    @staticmethod
    def is_sensitive(node):
        return node.getState().contains(pyatspi.STATE_SENSITIVE)

    def screenshot(self, name):
        os.makedirs(OUTPUT, exist_ok=True)
        path = os.path.join(OUTPUT, name)
        subprocess.run(["import", "-window", "root", path], check=True)
        return path

    # Lifetime ----------------------------------------------------------------------------

    def close(self):
        """Closes the main window as a user would and waits for the process to end."""
        self.press("push button", "Close", within=self.main)
        self.proc.wait(timeout=HANG)
        self.log.close()

    def kill(self):
        if self.executable is not None and os.path.exists(f"/proc/{self.pid}"):
            os.kill(self.pid, 9)
            # Gone, not only told to go: until it is, it holds the app's D-Bus name.
            wait_for(lambda: not running(self.pid), what=f"the app (pid {self.pid}) to end")
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=HANG)
        if not self.log.closed:
            self.log.close()
