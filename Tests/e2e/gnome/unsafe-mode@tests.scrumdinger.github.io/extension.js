// Test-only, installed only into the tests' own session by scripts/with-gnome-shell.sh:
// GNOME Shell 43 has no switch for unsafe mode, which org.gnome.Shell.Eval needs; and a
// headless shell has no keyboard, so no window ever gets the keyboard's focus (nor, for
// screen readers, becomes active) until a virtual one is plugged in, which the tests then
// type on (global.testKeyboard) through the shell's own input path.
/* exported init */
const {Clutter} = imports.gi;

class Extension {
  enable() {
    global.context.unsafe_mode = true;
    const seat = Clutter.get_default_backend().get_default_seat();
    global.testKeyboard = seat.create_virtual_device(Clutter.InputDeviceType.KEYBOARD_DEVICE);
  }

  disable() {
    global.context.unsafe_mode = false;
    global.testKeyboard = null;
  }
}

function init() {
  return new Extension();
}
