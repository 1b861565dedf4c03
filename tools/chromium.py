"""The browser every test, benchmark and tool drives: Debian's Chromium, never a downloaded one
(``playwright install`` is never run), launched with the arguments that keep it quiet (no
background networking, updates, sync or first-run work) and working as root without a GPU."""

CHROMIUM = "/usr/bin/chromium"
ARGS = ("--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run")
