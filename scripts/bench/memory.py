"""What the app keeps over time (scrumdinger-bench --memory-figures): with a PulseAudio null
sink's monitor as the default source, so the recorded meetings record the default microphone
as a user's do. Prints its "name value baseline" lines."""
import os
import subprocess
import sys
import tempfile

from audio_capture import PulseServer

bench = sys.argv[1]
pulse = PulseServer(tempfile.mkdtemp())
try:
    env = dict(os.environ, **pulse.env, LANGUAGE="C")
    print(subprocess.run([bench, "--memory-figures"], env=env, check=True, capture_output=True, text=True,
                         timeout=900).stdout, end="")
finally:
    pulse.stop()
