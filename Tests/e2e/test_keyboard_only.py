"""End-to-end: a scrum's whole life with the keyboard alone (xdotool keys, no pointer and
no AT-SPI actions): create, edit, start, pause, skip, end and delete. The key presses are
counted (each typed character is one) and written to Tests/output/keyboard-only.txt."""
import os

from atspi_app import OUTPUT, wait_for
from conftest import read_scrums, scrum, write_scrums


class Keyboard:
    """Presses keys as a person would, counting them."""

    def __init__(self, app):
        self.app = app
        self.count = 0

    def key(self, *keys):
        self.count += len(keys)
        self.app.key(*keys)

    def type(self, text):
        self.count += len(text)
        self.app.type_keys(text)


def saved(data_home):
    """The scrums on disk ([] before the first save)."""
    try:
        return read_scrums(data_home)
    except FileNotFoundError:
        return []


def test_create_edit_run_and_delete_a_scrum_with_the_keyboard_only(launch, data_home):
    app = launch()
    keys = Keyboard(app)
    app.find("push button", "New Scrum", within=app.main)

    keys.key("ctrl+n")
    editor = wait_for(lambda: app.window("New Scrum"), what="Ctrl+N to open the editor")
    title = app.find("text", "Title", within=editor)
    keys.type("Standup")
    wait_for(lambda: app.text_of(title) == "Standup", what="the title typed into the focused Title")
    # Title, Length, Shuffle and the theme: one stop each (the warnings and the overtime rule
    # come after the people and the agenda).
    keys.key(*["Tab"] * 4)
    new_attendee = app.find("text", "New Attendee", within=editor)
    keys.type("Ana")
    wait_for(lambda: app.text_of(new_attendee) == "Ana", what="four Tabs to reach New Attendee")
    keys.key("Return")
    app.find("list item", "Ana", within=editor)
    keys.type("Ben")
    keys.key("Return")
    app.find("list item", "Ben", within=editor)
    # Back to Ben's row (one Tab stop per attendee) and rename him in place.
    keys.key("shift+Tab", "F2")
    app.find("text", "Name of Ben", within=editor)
    keys.type("jamin")
    keys.key("Return")
    app.find("list item", "Benjamin", within=editor)
    keys.key("ctrl+Return")
    wait_for(lambda: app.window("New Scrum") is None, what="Ctrl+Enter to add the scrum")
    wait_for(lambda: [s["title"] for s in saved(data_home)] == ["Standup"], what="the scrum saved")
    assert [a["name"] for a in saved(data_home)[0]["attendees"]] == ["Ana", "Benjamin"]

    keys.key("Return")  # the new card has the focus
    app.find("push button", "Start Meeting", within=app.main)
    keys.key("ctrl+e")
    editor = wait_for(lambda: app.window("Edit Scrum"), what="Ctrl+E to open the editor")
    keys.key("ctrl+a")
    keys.type("Daily")
    keys.key("Return")  # Enter in Title is Done
    wait_for(lambda: app.window("Edit Scrum") is None, what="Enter in Title to close the editor")
    wait_for(lambda: [s["title"] for s in saved(data_home)] == ["Daily"], what="the edit saved")

    keys.key("ctrl+Return")
    app.find("label", "Speaker 1 of 2", within=app.main)
    keys.key("space")
    app.find("push button", "Resume", within=app.main)
    keys.key("space")
    app.find("push button", "Pause", within=app.main)
    keys.key("n")
    app.find("label", "Last Speaker", within=app.main)
    keys.key("Escape")
    wait_for(lambda: app.window("End meeting?"), what="Escape to ask to end the meeting")
    keys.key("Return")  # Save and End is the default
    wait_for(lambda: len(saved(data_home)[0]["history"]) == 1, what="the meeting saved")

    keys.key("ctrl+Delete")
    wait_for(lambda: app.window("Delete “Daily”?"), what="Ctrl+Delete to ask")
    keys.key("Tab", "Return")  # Cancel has the focus; Delete is next
    wait_for(lambda: saved(data_home) == [], what="the scrum deleted")
    app.find("push button", "New Scrum", within=app.main)

    os.makedirs(OUTPUT, exist_ok=True)
    with open(os.path.join(OUTPUT, "keyboard-only.txt"), "w") as out:
        out.write(f"{keys.count} key presses: create (2 attendees, one renamed), edit the title, start, pause, resume, "
                  "skip, end and save, delete\n")
    assert keys.count <= 48, f"{keys.count} key presses"  # 47 today: a guard against new stops


def test_up_and_down_walk_the_scrum_cards(launch, data_home):
    write_scrums(data_home, [scrum("Design"), scrum("Retro"), scrum("Planning")])
    app = launch()

    def opened():
        """The title of the scrum whose detail page is on show (read from its editor)."""
        app.find("push button", "Start Meeting", within=app.main)
        app.key("ctrl+e")
        editor = wait_for(lambda: app.window("Edit Scrum"), what="the editor")
        title = app.text_of(app.find("text", "Title", within=editor))
        app.key("Escape")
        wait_for(lambda: app.window("Edit Scrum") is None, what="the editor to close")
        return title

    app.press("push button", "Retro")  # opens it; Back returns the focus to its card
    assert opened() == "Retro"
    app.key("alt+Left")
    app.find("push button", "New Scrum", within=app.main)
    app.key("Down", "Return")
    assert opened() == "Planning"
    app.key("alt+Left")
    app.find("push button", "New Scrum", within=app.main)
    app.key("Up", "Up", "Return")
    assert opened() == "Design"
