"""Starts the app on DATA and, through AT-SPI as a user would, opens "Standup" and presses
Start Meeting; prints the app's pid and exits (leaving the app running, and this AT-SPI
client gone, so it does not add accessibility traffic to what is measured next)."""
import os
import sys

from atspi_app import App

binary, data = sys.argv[1], sys.argv[2]
app = App(data, command=[binary], env={"GDK_BACKEND": os.environ.get("GDK_BACKEND", "x11")})
app.press("push button", "Standup")
app.press("push button", "Start Meeting")
app.find("label", "Speaker 1 of 3", within=app.main)
print(app.pid)
