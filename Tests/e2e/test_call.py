"""End-to-end: a meeting made for a video call, driven through AT-SPI and the keyboard: the
window titled for screen sharing, the compact view by C, a minute added to a turn, going back
a speaker, the pace in the header, and an agenda item that runs after the round and is saved."""
import re
import time
import uuid

import pyatspi

from atspi_app import spoken_seconds, wait_for
from conftest import read_scrums, scrum, write_scrums

REMAINING = re.compile(r"Remaining: (.+)")


def remaining(app):
    return spoken_seconds(REMAINING.fullmatch(app.find("label", REMAINING, within=app.main).name).group(1))


def test_compact_view_an_added_minute_and_an_agenda_item_after_the_round(launch, data_home):
    standup = scrum("Standup", ["Ana", "Ben"], minutes=1, warning=0)
    standup["agenda"] = [{"id": str(uuid.uuid4()).upper(), "title": "Parking lot", "minutes": 1}]
    write_scrums(data_home, [standup])
    app = launch()
    app.press("push button", "Standup")
    pressed = time.monotonic()
    app.press("push button", "Start Meeting")
    app.find("label", "Speaker 1 of 2", within=app.main)
    wait_for(lambda: app.main.name == "Standup — Meeting", what="the window titled for screen sharing")
    app.find("label", re.compile(r"Ends at \d{1,2}:\d\d"), within=app.main)

    # A minute more for Ana: Remaining rises by 60 s.
    before = remaining(app)
    read = time.monotonic()
    # A minute of speakers and a minute of parking lot, less what has passed since the press.
    assert 120 - (read - pressed) - 1 <= before <= 120, (before, read - pressed)
    app.press("push button", "Add a minute for Ana", within=app.main)
    wait_for(lambda: remaining(app) >= before + 58, what="Remaining to rise by a minute")

    # C folds the meeting into a strip beside the call, and back.
    app.key("c")
    toggles = lambda: [n for n in app.find_all("push button", within=app.main) if n.name == "Compact View"]
    wait_for(lambda: any(t.getState().contains(pyatspi.STATE_PRESSED) for t in toggles()),
             what="the Compact View toggle pressed")
    wait_for(lambda: app.main.queryComponent().getExtents(pyatspi.DESKTOP_COORDS).width <= 340,
             what="the window to shrink to the strip")
    extents = app.main.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    assert extents.height <= 140, f"the strip is {extents.width}×{extents.height}"
    app.find("label", "Ana", within=app.main)
    app.find("label", "Next: Ben", within=app.main)
    app.screenshot("compact-view.png")
    app.key("c")
    wait_for(lambda: app.main.queryComponent().getExtents(pyatspi.DESKTOP_COORDS).width > 600,
             what="the window's size back")

    # Ben, then back to Ana (P), then on to the agenda item after the round; each speaks a
    # little over a second, so each turn is in the saved timeline.
    for key, position in [("n", "Speaker 2 of 2"), ("p", "Speaker 1 of 2"), ("n", "Speaker 2 of 2"), ("n", "Item 1 of 1")]:
        time.sleep(1.6)  # deliberate: the turn's own time
        app.key(key)
        app.find("label", position, within=app.main)
    app.find("image", "Agenda item: Parking lot", within=app.main)
    app.screenshot("agenda-item.png")
    time.sleep(1.6)  # the parking lot runs a little over a second too
    app.key("Escape")
    app.press("push button", "Save and End")
    wait_for(lambda: read_scrums(data_home)[0]["history"], what="the meeting saved")
    entry = read_scrums(data_home)[0]["history"][0]
    assert [s["name"] for s in entry["speakers"]] == ["Ana", "Ben"]
    assert entry["speakers"][0]["added"] == 60
    assert [i["name"] for i in entry["items"]] == ["Parking lot"]
    assert [t["name"] for t in entry["turns"]] == ["Ana", "Ben", "Ana", "Ben", "Parking lot"]
    assert sum(s["seconds"] for s in entry["speakers"] + entry["items"]) == entry["durationSeconds"]
