"""Turns "name value baseline" lines into the benchmark table (medians where a name repeats)."""
import os
import statistics
import sys

rows = {}
models = []  # "model NAME THREADS rt rt_cli peak peak_cli wer wer_cli" (speech_models.py)
turns = []  # "turns NAME wer wer_uncut" (speech_models.py)
for line in open(sys.argv[1]):
    parts = line.split()
    if parts[:1] == ["model"] and len(parts) == 9:
        models.append(parts[1:])
        continue
    if parts[:1] == ["turns"] and len(parts) == 4:
        turns.append(parts[1:])
        continue
    try:
        name, value, base = parts[0], float(parts[1]), float(parts[2])
        if len(parts) != 3:
            raise ValueError
    except (ValueError, IndexError):
        print(f"(not a figure: {line.strip()})", file=sys.stderr)
        continue
    rows.setdefault(name, []).append((value, base))


def median(name):
    values = rows[name]
    return statistics.median(v for v, _ in values), statistics.median(b for _, b in values)


# name, label, unit, baseline label, target text, check(value, ratio)
FIGURES = [
    ("startup_ms", "start-up: exec → window mapped (median of 7)", "ms", "bare libadwaita window (C)",
     "≤ 1.10×", lambda v, r: r <= 1.10),
    ("rss_kib", "memory: RSS 1 s after the window appears", "MiB", "bare libadwaita window (C)",
     "≤ 1.05×", lambda v, r: r <= 1.05),
    ("meeting_cpu_pct", "meeting: CPU over 30 s", "%", "bare window idling", "≤ 0.2 %",
     lambda v, r: v <= 0.2),
    ("meeting_wakeups_per_s", "meeting: main-thread wakeups", "/s", "bare window idling", "≤ 3 /s",
     lambda v, r: v <= 3),
    ("meeting_cpu_vs_clocks_pct", "meeting: CPU over 30 s (Xvfb)", "%", "GNOME Clocks' running timer, same 30 s",
     "(reported)", lambda v, r: True),
    ("meeting_wakeups_vs_clocks_per_s", "meeting: main-thread wakeups (Xvfb)", "/s",
     "GNOME Clocks' running timer, same 30 s", "(reported)", lambda v, r: True),
    ("meeting_cpu_wayland_pct", "meeting on Wayland (weston, headless): CPU over 30 s", "%",
     "GNOME Clocks' running timer, same 30 s", "≤ 0.5×", lambda v, r: r <= 0.5),
    ("meeting_damage_wayland_px_per_s", "meeting on Wayland: area repainted per second (damage sent to the compositor)",
     "px", "the ring's whole box (what a drawing area repaints)", "(reported)", lambda v, r: True),
    ("meeting_wakeups_wayland_per_s", "meeting on Wayland: main-thread wakeups", "/s",
     "GNOME Clocks' running timer, same 30 s", "≤ 3 /s", lambda v, r: v <= 3),
    ("background_rss_kib", "in the background for reminders (--background): RSS 3 s after start", "MiB",
     "the app with its window open", "(reported)", lambda v, r: True),
    ("background_wakeups_per_s", "in the background for reminders: wakeups of all its threads over 30 s", "/s",
     "the app with its window open, idle", "0 /s", lambda v, r: v < 0.05),
    ("sync_convergence_ms", "two computers with Syncthing: resume → both apps saved the same scrums, edits of both sides "
     "merged (median of 5)", "ms", "Syncthing alone bringing a new file across after a resume", "(reported)",
     lambda v, r: True),
    ("search_provider_ms", "search from the Activities overview, 1,000 scrums: results + 10 metas (median of 20)",
     "ms", "a D-Bus Ping of the same app", "≤ 50 ms", lambda v, r: v <= 50),
    ("shell_search_ms", "GNOME Shell's overview, app running: \"plat\" typed → Scrumdinger's results shown by the "
     "shell, 1,000 scrums (median of 9; the shell waits 150 ms before it asks)", "ms",
     "the shell's own applications search, same run", "≤ +50 ms", lambda v, r: v - v / r <= 50),
    ("shell_search_activation_ms", "the same with the app not running: D-Bus activation starts it (median of 5)", "ms",
     "the shell's own applications search, same run", "(reported)", lambda v, r: True),
    ("compact_cpu_wayland_pct", "compact view on Wayland: CPU over 30 s", "%",
     "GNOME Clocks' running timer, same 30 s", "(reported)", lambda v, r: True),
    ("presenter_cpu_pct", "meeting presented on a second monitor (mutter, headless): CPU over 30 s", "%",
     "the same meeting in one window, 30 s before", "≤ 1.6×", lambda v, r: r <= 1.6),
    ("presenter_wakeups_per_s", "meeting presented on a second monitor: main-thread wakeups", "/s",
     "the same meeting in one window", "≤ 3 /s", lambda v, r: v <= 3),
    ("compact_cpu_vs_page_wayland_pct", "compact view on Wayland: CPU over 30 s", "%",
     "the full meeting page, 30 s before", "(reported)", lambda v, r: True),
    ("compact_wakeups_wayland_per_s", "compact view on Wayland: main-thread wakeups", "/s",
     "GNOME Clocks' running timer, same 30 s", "≤ 3 /s", lambda v, r: v <= 3),
    ("compact_wakeups_vs_page_wayland_per_s", "compact view on Wayland: main-thread wakeups", "/s",
     "the full meeting page, 30 s before", "(reported)", lambda v, r: True),
    ("meeting_preempted_per_s", "meeting: main thread preempted by other threads (Xvfb)", "/s",
     "GNOME Clocks' running timer, same 30 s", "(reported)", lambda v, r: True),
    ("meeting_preempted_wayland_per_s", "meeting on Wayland: main thread preempted by other threads", "/s",
     "GNOME Clocks' running timer, same 30 s", "(reported)", lambda v, r: True),
    ("meeting_wakeups_with_at_client_per_s", "meeting: wakeups with a screen-reader client listening",
     "/s", "no client listening", "(reported)", lambda v, r: True),
    ("ding_latency_ms", "ding: boundary → sound onset (median)", "ms", "bare GStreamer playbin, same path",
     "≤ 20 ms", lambda v, r: v <= 20),
    ("startup_big_file_ms", "start-up with a 200 MB scrums file: exec → window mapped (median of 3)", "ms",
     "the same with no scrums", "≤ 1.2×", lambda v, r: r <= 1.2),
    ("detail_open_ms", "detail page of 10,000 past meetings: click → painted (median of 7)", "ms",
     "the same page with 10 meetings", "≤ 1.2×", lambda v, r: r <= 1.2),
    ("detail_attendees_open_ms", "detail page of 10,000 attendees: click → painted (median of 7)", "ms",
     "the same page with 10 attendees", "≤ 1.2×", lambda v, r: r <= 1.2),
    ("editor_add_40th_ms", "editor: adding the 40th attendee, Enter → painted (median of 21)", "ms",
     "adding the 4th", "≤ 1.2×", lambda v, r: r <= 1.2),
    ("editor_add_400th_ms", "editor: adding the 400th attendee, Enter → painted (median of 21)", "ms",
     "adding the 4th", "≤ 1.2×", lambda v, r: r <= 1.2),
    ("editor_add_40th_cpu_ms", "editor: adding the 40th attendee, main thread's CPU time (median of 21)", "ms",
     "adding the 4th", "≤ 1.2×", lambda v, r: r <= 1.2),
    ("editor_add_400th_cpu_ms", "editor: adding the 400th attendee, main thread's CPU time (median of 21)", "ms",
     "adding the 4th", "≤ 1.2×", lambda v, r: r <= 1.2),
    ("truncated_big_file_ms", "a 200 MB file cut in half: read → refused (median of 3)", "ms",
     "reading the whole file", "≤ 1×", lambda v, r: r <= 1.0),
    ("sync_model_schedules_per_s", "sync model test: schedules of 3 computers per second (500 schedules)", "/s",
     "(none)", "(reported)", lambda v, r: True),
    ("sync_model_failures", "sync model test: schedules that lost data, of the long run", "", "schedules run",
     "0", lambda v, r: v == 0),
    ("sync_model_long_run_s", "sync model test: the long run's time, two processes at once", "s", "schedules run",
     "(reported)", lambda v, r: True),
    ("hostile_copy_refused_ms", "a hostile conflict copy (300 MB) refused (median of 7)", "ms",
     "reading an ordinary copy (1,000 meetings)", "≪ 1 s", lambda v, r: v < 100),
    ("merge_1000_meetings_ms", "merge of a 1,000-meeting file over its kept base (median of 7)", "ms",
     "the same merged as a union, without a base", "(reported)", lambda v, r: True),
    ("start_merge_1000_meetings_ms", "start: a 1,000-meeting file restored to an older version, merged with "
     "the kept one (median of 7)", "ms", "loading it as saved", "(reported)", lambda v, r: True),
    ("copies_512mib_read_ms", "conflict copies: one pass's most (2 × 256 MiB) read (median of 3)", "ms",
     "reading their bytes alone", "(reported)", lambda v, r: True),
    ("copies_5000_start_stall_ms", "start with 5,000 conflict copies: the main loop's longest stall while "
     "they merge", "ms", "the same start with no copy", "≤ 50 ms", lambda v, r: v <= 50),
    ("copies_5000_merged_s", "start with 5,000 conflict copies: until every one is merged and moved aside", "s",
     "(none)", "(reported)", lambda v, r: True),
    ("drift_ms", "drift: end error, 60-min meeting, jittered ticks", "ms", "naive tick-counting timer",
     "0 ms", lambda v, r: v == 0),
    ("store_save_ms", "store: save 100 scrums × 1,000 meetings (median)", "ms", "Foundation JSONEncoder",
     "< 150 ms", lambda v, r: v < 150),
    ("store_load_ms", "store: load the same (median)", "ms", "Foundation JSONDecoder", "< 150 ms",
     lambda v, r: v < 150),
    ("save_stall_ms", "store: longest main-loop stall while saving", "ms", "saving on the main loop",
     "≤ 50 ms", lambda v, r: v <= 50),
    ("transcribe_real_time", "transcription of 15 min of speech (tiny.en): time ÷ audio length", "×",
     "whisper.cpp's own CLI, same model, file and threads", "≤ 0.1× (10× real time)", lambda v, r: v <= 0.1),
    ("transcribe_peak_mib_vs_cli", "transcription: peak memory of the helper process", "MiB",
     "whisper.cpp's own CLI, same model and file", "(reported)", lambda v, r: True),
    ("transcribe_wer_pct", "transcription: word error rate on that speech", "%",
     "whisper.cpp's own CLI, same model and file", "(reported)", lambda v, r: True),
    ("transcribe_app_rss_first_kib", "transcription: the app's memory after its first, short one (RSS)", "MiB",
     "the app's RSS before any", "(reported: the decoder's plugins, loaded once)", lambda v, r: True),
    ("transcribe_app_rss_during_kib", "transcription: the app's memory meanwhile (RSS at its highest)", "MiB",
     "the app's RSS before it", "(reported)", lambda v, r: True),
    ("transcribe_app_rss_after_kib", "transcription: the app's memory after it (RSS)", "MiB",
     "the app's RSS before it", "≤ 1.05×", lambda v, r: r <= 1.05),
    ("transcribe_stall_ms", "transcription: longest main-loop stall meanwhile", "ms",
     "the same probe with nothing to do", "≤ 20 ms", lambda v, r: v <= 20),
    ("editor_cycles_growth_kib", "memory: 200 editor openings and closings, growth after the first", "MiB",
     "RSS after the first", "≤ 2 MiB", lambda v, r: v <= 2),
    ("meeting_hour_growth_kib", "memory: an hour's meeting (8 attendees, its clock ×60), growth after its first minute",
     "MiB", "RSS at its first minute", "≤ 1 MiB", lambda v, r: v <= 1),
    ("meeting_hour_fd_growth", "file descriptors: the same meeting, growth after its first minute", "fds",
     "open at its first minute", "0", lambda v, r: v <= 0),
    ("recorded_meetings_growth_kib", "memory: 100 recorded meetings (default microphone) started and discarded, "
     "growth after the first", "MiB", "RSS after the first", "≤ 2 MiB", lambda v, r: v <= 2),
    ("recorded_meeting_cpu_pct", "a recorded meeting: CPU over 30 s (a null sink's monitor for the microphone)", "%",
     "the same meeting not recorded", "≤ +1 % of a core", lambda v, r: v - v / r <= 1 if r else v <= 1),
    ("live_final_seconds", "heard as it runs: Save and End → transcript saved, 15 min of 8 turns at real pace (tiny.en)",
     "s", "the same audio transcribed after the meeting (2 threads)", "≤ 10 s", lambda v, r: v <= 10),
    ("live_wer_pct", "heard as it runs: word error rate, 30 s windows over one-minute turns", "%",
     "the whole recording at once", "≤ +0.5 points", lambda v, r: v <= v / r + 0.5 if r else False),
    ("live_wer_20s_window_pct", "heard as it runs: word error rate with 20 s windows", "%", "30 s windows", "(reported)",
     lambda v, r: True),
    ("live_paced_wer_pct", "heard as it runs: word error rate of the real-pace run (8 turns)", "%",
     "30 s windows, one-minute turns", "(reported)", lambda v, r: True),
    ("live_stall_ms", "heard as it runs: longest main-loop stall over the 15 minutes", "ms",
     "the same probe with nothing to do", "≤ 20 ms", lambda v, r: v <= 20),
    ("transcript_runs_tiny_en_pct", "heard as it runs: word error rate, worst of 10 meetings (5 min, 3 turns; tiny.en)",
     "%", "the median of the 10", "≤ 12 %", lambda v, r: v <= 12),
    ("transcript_runs_tiny_en_q8_0_pct", "heard as it runs: word error rate, worst of 10 meetings (tiny.en-q8_0)", "%",
     "the median of the 10", "≤ 12 %", lambda v, r: v <= 12),
    ("transcript_runs_base_en_q5_1_pct", "heard as it runs: word error rate, worst of 10 meetings (base.en-q5_1, if "
     "downloaded)", "%", "the median of the 10", "≤ 12 %", lambda v, r: v <= 12),
    ("transcript_people_tiny_en_pct", "heard as it runs: word error rate, worst of 10 meetings of people's recorded "
     "speech (people.py: 5 min, 3 turns; tiny.en)", "%", "the median of the 10", "(reported)", lambda v, r: True),
    ("transcript_people_tiny_en_twice_words", "heard as it runs: words heard twice in those 10 meetings (tiny.en)",
     "words", "the words said", "(reported)", lambda v, r: True),
    ("transcript_people_tiny_en_q8_0_pct", "heard as it runs: word error rate, worst of 10 meetings of people's "
     "recorded speech (tiny.en-q8_0)", "%", "the median of the 10", "(reported)", lambda v, r: True),
    ("transcript_people_tiny_en_q8_0_twice_words", "heard as it runs: words heard twice in those 10 meetings "
     "(tiny.en-q8_0)", "words", "the words said", "(reported)", lambda v, r: True),
    ("live_helper_cpu_seconds", "heard as it runs: the helper's CPU over the meeting (one thread, SCHED_IDLE)", "s",
     "the meeting's length", "(reported)", lambda v, r: True),
    ("live_captions_final_seconds", "heard as it runs, captions on: Save and End → transcript saved (15 min, 8 turns)",
     "s", "the same audio transcribed after the meeting (2 threads)", "≤ 10 s", lambda v, r: v <= 10),
    ("live_captions_stall_ms", "heard as it runs, captions on: longest main-loop stall over the 15 minutes", "ms",
     "the same probe with nothing to do", "≤ 20 ms", lambda v, r: v <= 20),
    ("live_captions_helper_cpu_seconds", "heard as it runs, captions on: the helper's CPU (transcript and captions)",
     "s", "the meeting's length", "(reported)", lambda v, r: True),
    ("live_captions_wer_pct", "heard as it runs, captions on: the transcript's word error rate", "%",
     "the same without captions", "≤ +0.5 points", lambda v, r: v <= v / r + 0.5 if r else False),
    ("captions_latency_median_s", "live captions: a word's end → first shown (median), 15 min at real pace (tiny.en)",
     "s", "the goal", "≤ 2.5 s", lambda v, r: v <= 2.5),
    ("captions_latency_p90_s", "live captions: a word's end → first shown (90th percentile)", "s", "the goal", "≤ 4 s",
     lambda v, r: v <= 4),
    ("captions_final_latency_median_s", "live captions: a word's end → made final (median; if only final words "
     "were shown)", "s", "the goal for first shown", "(reported)", lambda v, r: True),
    ("captions_final_latency_p90_s", "live captions: a word's end → made final (90th percentile)", "s",
     "the goal for first shown", "(reported)", lambda v, r: True),
    ("captions_withdrawn_pct", "live captions: changing words shown, then taken back before final", "%", "none",
     "(reported)", lambda v, r: True),
    ("captions_latency_words", "live captions: final words timed (found in what whisper-cli heard)", "words",
     "the final words", "(reported)", lambda v, r: True),
    ("captions_wer_pct", "live captions: word error rate of the final words", "%",
     "1.5 × the transcript's (30 s windows)", "≤ 1.5×", lambda v, r: r <= 1),
    ("captions_cpu_pct", "live captions: the helper's CPU (one thread, SCHED_IDLE)", "% of a core", "the goal",
     "≤ 50 %", lambda v, r: v <= 50),
    ("captions_noise_words", "live captions: words over 60 s of silence and 60 s of pink noise (speech −20 dB)",
     "words", "none", "0", lambda v, r: v == 0),
    ("heard_meeting_cpu_pct", "a meeting heard as it runs (speech played): the app's CPU over 75 s", "%",
     "the same meeting not recorded", "(reported)", lambda v, r: True),
    ("heard_meeting_wakeups_per_s", "a meeting heard as it runs: main-thread wake-ups", "/s",
     "the same meeting not recorded", "(reported)", lambda v, r: True),
    ("heard_meeting_preempted_per_s", "a meeting heard as it runs: main thread preempted", "/s",
     "the same meeting not recorded", "no more than it", lambda v, r: v <= v / r * 1.2 if r else v == 0),
    ("heard_meeting_helper_cpu_s", "a meeting heard as it runs: the helper's CPU meanwhile", "s", "seconds measured",
     "(reported)", lambda v, r: True),
    ("search_keystroke_ms", "search of a year's meetings' words (250 × 2,000 words + notes): one keystroke (median)",
     "ms", "the first search (folding every sentence)", "≤ 50 ms", lambda v, r: v <= 50),
    ("search_keystroke_chinese_ms",
     "search of a year's Chinese meetings (250 × 2,000 two-character words, no spaces): one keystroke (median)",
     "ms", "the first search (folding every sentence)", "≤ 50 ms", lambda v, r: v <= 50),
    ("search_memory_kib", "search of a year's meetings' words: memory it keeps", "MiB", "the meetings' own text",
     "(reported)", lambda v, r: True),
]

cores = os.cpu_count()
memory_gib = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
print(f"Scrumdinger benchmark — {cores} cores, {memory_gib:.0f} GiB RAM")
print("| figure | Scrumdinger | baseline | ratio | target | met |")
print("| --- | --- | --- | --- | --- | --- |")
for name, label, unit, base_label, target, check in FIGURES:
    if name not in rows:
        print(f"| {label} | not measured | | | {target} | no |")
        continue
    value, base = median(name)
    if unit == "MiB":
        value, base = value / 1024, base / 1024
    ratio = value / base if base else float("nan")
    ratio_text = f"{ratio:.2f}×" if base else "—"
    met = "yes" if check(value, ratio if base else 0) else "no"
    print(f"| {label} | {value:.2f} {unit} | {base:.2f} {unit} ({base_label}) | {ratio_text} | {target} | {met} |")
if "big_file_mib" in rows:
    print(f"(big file: {rows['big_file_mib'][0][0]:.0f} MiB)")
if "transcribe_audio_min" in rows:
    print(f"(speech: {rows['transcribe_audio_min'][0][0]:.1f} minutes of espeak-ng)")
if "store_file_kib" in rows:
    print(f"(store file: {rows['store_file_kib'][0][0] / 1024:.1f} MiB)")
if models:
    print()
    print("Speech models, 15 minutes of speech: the helper process beside whisper.cpp's own whisper-cli "
          "(same file, model and threads)")
    print("| model | threads | time ÷ audio length | whisper-cli | peak memory | whisper-cli | word error rate | whisper-cli |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for name, threads, rt, rt_cli, peak, peak_cli, wer, wer_cli in models:
        print(f"| {name} | {threads} | {float(rt):.3f}× | {float(rt_cli):.3f}× | {float(peak):.0f} MiB | "
              f"{float(peak_cli):.0f} MiB | {float(wer):.2f} % | {float(wer_cli):.2f} % |")
if turns:
    print()
    print("The same speech as a meeting of one-minute turns (segments across a change of turn recognised "
          "again in pieces), 2 threads")
    print("| model | word error rate | the same run uncut |")
    print("| --- | --- | --- |")
    for name, wer, uncut in turns:
        print(f"| {name} | {float(wer):.2f} % | {float(uncut):.2f} % |")
languages = [name.rsplit("_", 1)[1] for name in rows if name.startswith("language_wer_pct_")]
if languages:
    print()
    print("The team's own language: two minutes of stand-up sentences (espeak-ng, four voices in turns), the "
          "multilingual base model in 5 bits (languages.sh)")
    print("| language | transcript WER | whisper-cli | within 1 point | captions: first shown, median / p90 | "
          "made final, median / p90 | captions WER | 1.5 × transcript's | words over silence and noise | "
          "helper's CPU |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for language in languages:
        def figure(name, which=0):
            return median(f"{name}_{language}")[which] if f"{name}_{language}" in rows else float("nan")
        wer, cli = median(f"language_wer_pct_{language}")
        print(f"| {language} | {wer:.2f} % | {cli:.2f} % | {'yes' if wer <= cli + 1 else 'no'} | "
              f"{figure('captions_latency_median_s'):.2f} / {figure('captions_latency_p90_s'):.2f} s (≤ 2.5 / 4) | "
              f"{figure('captions_final_latency_median_s'):.2f} / {figure('captions_final_latency_p90_s'):.2f} s | "
              f"{figure('captions_wer_pct'):.2f} % | {figure('captions_wer_pct', 1):.2f} % | "
              f"{figure('captions_noise_words'):.0f} (0) | {figure('captions_cpu_pct'):.0f} % of a core (≤ 50) |")
    if "language_live_final_seconds_de" in rows:
        final, after = median("language_live_final_seconds_de")
        cpu, audio = median("language_live_helper_cpu_seconds_de")
        print(f"A 15-minute German meeting heard as it runs, captions on: Save and End → transcript saved {final:.1f} s "
              f"(goal ≤ 10 s; the whole recording transcribed after the meeting: {after:.1f} s); the helper's CPU "
              f"{100 * cpu / audio:.0f} % of a core; the transcript's WER {median('language_live_wer_pct_de')[0]:.2f} %.")
