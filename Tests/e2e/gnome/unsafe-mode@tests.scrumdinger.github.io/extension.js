// Test-only: GNOME Shell 43 has no switch for unsafe mode, which org.gnome.Shell.Eval needs.
// Installed only into the tests' own session by scripts/with-gnome-shell.sh.
/* exported init */
class Extension {
  enable() {
    global.context.unsafe_mode = true;
  }

  disable() {
    global.context.unsafe_mode = false;
  }
}

function init() {
  return new Extension();
}
