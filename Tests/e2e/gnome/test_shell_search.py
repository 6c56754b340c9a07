"""Through GNOME Shell: scrums found in the Activities overview as a user finds them there —
typed into the shell's search entry, read back from the shell's own result view, clicked there
— with the app running, and with no app running (D-Bus activation starts it)."""
import os

from atspi_app import HANG, App, wait_for
from conftest import scrum, write_scrums
from gnome_shell import INSTALLED, set_activation_environment


def team(data_home):
    """Two scrums with "plat" in the title (one with an accent), one without."""
    sync = scrum("Plätform Sync", ["Ana", "Ben", "Cy", "Dee", "Eli"], minutes=15)
    retro = scrum("platform retro", ["Ana"], minutes=1)
    write_scrums(data_home, [sync, scrum("Design Review", ["Ana", "Ben"]), retro])
    return sync, retro


def test_the_shell_lists_describes_and_opens_scrums(shell, on_shell, data_home):
    team(data_home)
    app = on_shell()
    app.find("push button", "Design Review")
    shell.search("PLAT")
    # The shell's own view: each scrum's title, then its description line.
    shown = shell.wait_shown("Scrumdinger's results in the overview")
    assert shown == [["Plätform Sync", "15 minutes · 5 attendees"], ["platform retro", "1 minute · 1 attendee"]]
    # Clicking one closes the overview and shows that scrum's page.
    shell.activate_result("platform retro")
    app.find("push button", "Start Meeting", within=app.main)
    app.find("label", "platform retro", within=app.main)
    wait_for(lambda: not shell.eval("Main.overview.visible"), what="the overview to close")


def test_search_in_the_app_opens_the_list_filtered(shell, on_shell, data_home):
    team(data_home)
    app = on_shell()
    app.find("push button", "Design Review")
    shell.search("plat sync")
    assert shell.wait_shown("Scrumdinger's result") == [["Plätform Sync", "15 minutes · 5 attendees"]]
    shell.search_in_app()
    field = app.find("entry", "Search Scrums", within=app.main)
    wait_for(lambda: app.text_of(field) == "plat sync", what="the search field to hold the terms")
    app.find("push button", "Plätform Sync", within=app.main)
    app.absent("push button", "platform retro", within=app.main)
    app.absent("push button", "Design Review", within=app.main)


def test_a_query_matching_nothing_shows_no_scrumdinger_section(shell, on_shell, data_home):
    team(data_home)
    app = on_shell()
    app.find("push button", "Design Review")
    shell.search("plat")
    shell.wait_shown("Scrumdinger's results")
    shell.search("zebra")
    # The shell has asked (its search has ended) and shows no section of ours.
    wait_for(lambda: not shell.eval("Main.overview._overview._controls._searchController._searchResults"
                                    ".searchInProgress"), what="the shell's search to end")
    wait_for(lambda: shell.shown() == [], what="no Scrumdinger section")


def test_with_the_app_closed_the_shell_starts_it_and_lists_its_scrums(shell, on_shell, data_home):
    sync, retro = team(data_home)
    assert not shell.eval("imports.gi.Shell.AppSystem.get_default().lookup_app('io.github.scrumdinger.Scrumdinger.desktop')"
                          ".get_state() === imports.gi.Shell.AppState.RUNNING")
    shell.search("plat")
    # D-Bus activation started the installed app, which answered the shell in time.
    assert shell.wait_shown("the results from the app D-Bus started", timeout=HANG) == [
        ["Plätform Sync", "15 minutes · 5 attendees"], ["platform retro", "1 minute · 1 attendee"]]
    shell.activate_result("Plätform Sync")
    app = App(data_home, command=["true"], executable=os.path.realpath(INSTALLED))
    try:
        app.find("push button", "Start Meeting", within=app.main)
        app.find("label", "Plätform Sync", within=app.main)
    finally:
        app.kill()
        set_activation_environment(XDG_DATA_HOME=os.environ["XDG_DATA_HOME"])
