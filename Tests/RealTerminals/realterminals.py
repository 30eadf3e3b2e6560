"""photorepl in real terminal emulators under Xvfb, typed into as a person types and judged by
screenshots.

One X display for the whole run (Xvfb), one terminal window at a time at its top-left corner. A
terminal runs photorepl with `--transcript`: the transcript says when a command's output has been
written (the prompt after it is there), and the screenshot is taken once the window has stopped
changing. (photorepl writes the transcript whole or not at all: into a hidden temporary file beside
it, `.transcript.txt.XXXXXXXXXXXX`, renamed into place at the end; while it runs, that file is read.) Pixels are checked, not whole-image goldens: a flat-coloured test photo must come back as a
clean rectangle of its colours, upright, in its aspect ratio, with the text that follows it below it.

Only the standard library and numpy (pixels as arrays); `xwd` dumps are read here, and ImageMagick's
`convert` saves the screenshots as PNG. The checks are in `run` next to this file (`Tests/RealTerminals/run --help`).
"""
import os
import shlex
import struct
import shutil
import subprocess
import tempfile
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCREEN_W, SCREEN_H = 1600, 1000
FONT = "DejaVu Sans Mono"
FONT_SIZE = 11
BACKGROUND = (0, 0, 0)
FOREGROUND = (255, 255, 255)


def run(args, **kwargs):
    return subprocess.run(args, check=True, capture_output=True, **kwargs)


class Display:
    """An Xvfb server on a free display number, for the whole run."""

    def __init__(self):
        self.number = None
        for number in range(91, 120):
            if not os.path.exists(f"/tmp/.X{number}-lock") and not os.path.exists(f"/tmp/.X11-unix/X{number}"):
                self.number = number
                break
        if self.number is None:
            raise RuntimeError("no free X display number between :91 and :119")
        self.name = f":{self.number}"
        self.process = subprocess.Popen(
            ["Xvfb", self.name, "-screen", "0", f"{SCREEN_W}x{SCREEN_H}x24", "-nolisten", "tcp", "-noreset"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            if subprocess.run(["xdpyinfo", "-display", self.name], capture_output=True).returncode == 0:
                return
            time.sleep(0.05)
        raise RuntimeError("Xvfb did not start")

    def close(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def parse_xwd(dump):
    """The RGB pixels (height × width × 3) of an `xwd` dump of a TrueColor screen of 24 or 32 bits a
    pixel, read here (ImageMagick's conversion took most of a check's time: the window is grabbed every
    0.3 s until it stops changing)."""
    fields = struct.unpack(">25I", dump[:100])
    header_size, _, pixmap_format, _, width, height = fields[:6]
    byte_order, bits_per_pixel, bytes_per_line = fields[7], fields[11], fields[12]
    masks, colours = fields[14:17], fields[19]
    if pixmap_format != 2 or bits_per_pixel not in (24, 32):
        raise ValueError(f"not a TrueColor ZPixmap xwd dump of 24 or 32 bits a pixel: format {pixmap_format}, {bits_per_pixel} bits")
    start = header_size + 12 * colours
    rows = np.frombuffer(dump[start:start + height * bytes_per_line], dtype=np.uint8).reshape(height, bytes_per_line)
    step = bits_per_pixel // 8
    raw = rows[:, : width * step].reshape(height, width, step).astype(np.uint32)
    if byte_order == 1:  # MSBFirst
        raw = raw[:, :, ::-1]
    value = sum(raw[:, :, i] << (8 * i) for i in range(step))
    channels = []
    for mask in masks:
        shift = (mask & -mask).bit_length() - 1
        channels.append(((value & mask) >> shift).astype(np.uint8))
    return np.stack(channels, axis=2)


class Screenshot:
    """The screen's pixels (height × width × RGB), cropped to the terminal's window."""

    def __init__(self, pixels, cell, origin=(0, 0)):
        self.pixels = pixels
        self.cell = cell  # (width, height) in pixels
        self.origin = origin  # the text area's top-left corner in the window (a terminal's border)

    def save(self, path):
        height, width, _ = self.pixels.shape
        ppm = path + ".ppm"
        with open(ppm, "wb") as f:
            f.write(b"P6\n%d %d\n255\n" % (width, height))
            f.write(self.pixels.astype(np.uint8).tobytes())
        run(["/usr/bin/convert", ppm, path])
        os.unlink(ppm)

    def near(self, colour, tolerance):
        """A mask of the pixels within `tolerance` of `colour` on every channel."""
        difference = np.abs(self.pixels.astype(np.int16) - np.array(colour, dtype=np.int16))
        return np.all(difference <= tolerance, axis=2)

    def ink_rows(self, top=0, bottom=None, left=0, right=None):
        """The pixel rows in the box that hold foreground (text) pixels: white-ish and grey glyphs."""
        region = self.pixels[top:bottom, left:right].astype(np.int16)
        bright = np.all(region >= 150, axis=2) & (np.max(region, axis=2) - np.min(region, axis=2) < 40)
        return np.nonzero(bright.any(axis=1))[0] + top

    def ink(self):
        """A mask of the text (foreground) pixels: white-ish and grey glyphs, nothing coloured."""
        region = self.pixels.astype(np.int16)
        return np.all(region >= 150, axis=2) & (np.max(region, axis=2) - np.min(region, axis=2) < 40)

    def cell_row(self, y):
        """The row of cells that pixel row `y` is in."""
        return (y - self.origin[1]) // self.cell[1]

    def text_rows(self, top=0, bottom=None, minimum=3):
        """The rows of cells (numbered from the top of the text area) holding at least `minimum`
        text pixels, looking only at whole rows between pixel rows `top` and `bottom`. A row's two
        pixel rows at each edge are left out: a cursor block spills over them."""
        ink = self.ink()
        height = ink.shape[0] if bottom is None else min(bottom, ink.shape[0])
        cell_h, origin_y = self.cell[1], self.origin[1]
        rows = []
        for row in range(max(0, -(-(top - origin_y) // cell_h)), (height - origin_y) // cell_h):
            start = origin_y + row * cell_h
            if int(ink[start + 2:start + cell_h - 2].sum()) >= minimum:
                rows.append(row)
        return rows


class Terminal:
    """A terminal emulator window showing photorepl (`arguments`), `columns` × `rows` cells."""

    KINDS = ("xterm-vt340", "xterm", "mlterm", "kitty", "konsole", "screen", "screen-plain-xterm")

    def __init__(self, display, kind, arguments, columns=100, rows=40, environment=None, tmux=None,
                 binary=None, folder=None, font_size=FONT_SIZE):
        assert kind in self.KINDS, kind
        self.display = display
        self.kind = kind
        self.columns, self.rows = columns, rows
        self.scratch = tempfile.mkdtemp(prefix=f"realterm-{kind}-")
        self.transcript = os.path.join(self.scratch, "transcript.txt")
        self.title = f"photorepl-{os.getpid()}-{os.path.basename(self.scratch)}"
        binary = binary or os.environ.get("PHOTOREPL") or os.path.join(ROOT, ".build", "release", "photorepl")
        env = {"HOME": self.scratch, "LANG": "C.UTF-8", "XDG_STATE_HOME": self.scratch, "XDG_CACHE_HOME": self.scratch + "/cache"}
        env.update(environment or {})
        assignments = " ".join(f"{k}={shlex.quote(v)}" for k, v in sorted(env.items()))
        command = " ".join(shlex.quote(a) for a in [binary] + arguments + ["--transcript", self.transcript])
        # Every variable the test runner has that a terminal would not set is dropped: a terminal's
        # own TERM, and no COLORTERM unless a check sets it.
        # Inside tmux, TMUX (set by tmux) stays: photorepl asks tmux whether it passes pictures through.
        unset = "-u COLORTERM -u NO_COLOR" + ("" if tmux is not None else " -u TMUX")
        # The terminal's real size in cells, as photorepl will see it (`stty size`): a terminal may not
        # give the size asked for (Konsole's window is never smaller than 903×720 pixels).
        self.size_file = os.path.join(self.scratch, "size")
        script = (f"n=0; while [ \"$(stty size 2>/dev/null)\" = '0 0' ] && [ $n -lt 50 ]; do sleep 0.1; n=$((n + 1)); done; "
                  f"stty size > {shlex.quote(self.size_file)} 2>/dev/null; "
                  f"cd {shlex.quote(folder or ROOT)} && exec env {unset} {assignments} {command}")
        self.tmux_socket = None
        self.screen_session = None
        if tmux is not None:
            # tmux inside the terminal, with or without allow-passthrough; no status line unless
            # `tmux` says "passthrough-status".
            self.tmux_socket = f"realterm-{os.getpid()}-{os.path.basename(self.scratch)}"
            config = os.path.join(self.scratch, "tmux.conf")
            with open(config, "w") as f:
                f.write(f"set -g status {'on' if tmux == 'passthrough-status' else 'off'}\nset -g escape-time 0\n")
                f.write(f"set -g allow-passthrough {'on' if tmux.startswith('passthrough') else 'off'}\n")
            script = f"exec tmux -L {self.tmux_socket} -f {config} new-session {shlex.quote(script)}"
        if kind.startswith("screen"):
            # GNU screen inside an xterm that shows sixels and says it has 256 colours (screen
            # passes on no more colours than its terminal's terminfo names); no start-up message.
            # A session of its own, its socket in the scratch folder: `close` quits it. With
            # autodetach off, screen also ends with its window when the terminal goes (by default
            # it detaches and runs on, photorepl in it, after the test).
            # screen-plain-xterm: a stock xterm saying TERM=xterm (8 colours in its terminfo) and
            # screen's own TERM (`screen`), as most people run it.
            config = os.path.join(self.scratch, "screenrc")
            with open(config, "w") as f:
                f.write("startup_message off\nvbell off\nautodetach off\n")
                if kind == "screen":
                    f.write("term screen-256color\n")
            self.screen_session = f"realterm-{os.getpid()}-{os.path.basename(self.scratch)}"
            script = f"exec screen -S {self.screen_session} -c {config} sh -c {shlex.quote(script)}"
        launch_env = dict(os.environ, DISPLAY=display.name)
        self.screen_dir = os.path.join(self.scratch, "screens")
        if kind.startswith("screen"):
            os.mkdir(self.screen_dir, 0o700)
            launch_env["SCREENDIR"] = self.screen_dir
        # (STY, WINDOW and TERMCAP too: a terminal does not set them, and the runner's own GNU screen,
        # if it runs in one, has nothing to say to the screen started in the terminal.)
        for name in ("COLORTERM", "TMUX", "NO_COLOR", "TERM", "KITTY_WINDOW_ID", "TERM_PROGRAM", "STY", "WINDOW", "TERMCAP"):
            launch_env.pop(name, None)
        geometry = f"{columns}x{rows}+0+0"
        if kind.startswith("xterm") or kind.startswith("screen"):
            args = ["xterm", "-geometry", geometry, "-fa", FONT, "-fs", str(font_size), "-bg", "black", "-fg", "white",
                    "-T", self.title, "-xrm", "XTerm*cursorBlink: false", "-xrm", "XTerm*scrollBar: false"]
            if kind in ("xterm-vt340", "screen"):
                args += ["-ti", "vt340", "-xrm", "XTerm*decTerminalID: vt340", "-xrm", "XTerm*numColorRegisters: 256"]
            if kind == "screen":
                args += ["-tn", "xterm-256color"]
            if kind == "screen-plain-xterm":
                args += ["-tn", "xterm"]
            args += ["-e", "sh", "-c", script]
        elif kind == "mlterm":
            args = ["mlterm", "-g", geometry, "-w", str(font_size), "--fg", "white", "--bg", "black", "-T", self.title,
                    "--blink=false", "--sb=false", "-e", "sh", "-c", script]
        elif kind == "konsole":
            # (Its window is 903×720 pixels whatever TerminalColumns and TerminalRows say: the cells
            # are what fits, read from `stty size`.)
            # Konsole 22.12 speaks sixel and kitty graphics; no menu, tabs, scroll bar or margin, so
            # that the window is its cells; the window is found by its tab's title.
            launch_env["XDG_RUNTIME_DIR"] = self.scratch
            args = ["konsole", "--nofork", "--hide-menubar", "--hide-tabbar", "-p", f"TerminalColumns={columns}",
                    "-p", f"TerminalRows={rows}", "-p", f"Font={FONT},{font_size}", "-p", "TerminalMargin=0",
                    "-p", "ScrollBarPosition=2", "-p", "ColorScheme=WhiteOnBlack", "-p", "BlinkingCursorEnabled=false",
                    "-p", f"LocalTabTitleFormat={self.title}", "-p", f"RemoteTabTitleFormat={self.title}",
                    "-e", "sh", "-c", script]
        else:
            launch_env["LIBGL_ALWAYS_SOFTWARE"] = "1"
            # PHOTOREPL_KITTY: another kitty than the one on PATH (Debian 12's 0.26.5 predates Unicode
            # placeholders, 0.28).
            args = [os.environ.get("PHOTOREPL_KITTY") or "kitty", "--title", self.title, "-o", f"font_family={FONT}", "-o", f"font_size={font_size}",
                    "-o", "background=#000000", "-o", "foreground=#ffffff", "-o", f"initial_window_width={columns}c",
                    "-o", f"initial_window_height={rows}c", "-o", "remember_window_size=no", "-o", "window_padding_width=0",
                    "-o", "placement_strategy=top-left", "-o", "cursor_blink_interval=0", "-o", "enable_audio_bell=no",
                    "-o", "linux_display_server=x11", "-o", "update_check_interval=0", "sh", "-c", script]
        self.log = open(os.path.join(self.scratch, "terminal.log"), "w")
        self.process = subprocess.Popen(args, env=launch_env, stdout=self.log, stderr=self.log)
        self.commands = []
        self.window = None
        for _ in range(200):
            found = subprocess.run(["xdotool", "search", "--name", self.title], capture_output=True, text=True,
                                   env={**os.environ, "DISPLAY": display.name})
            ids = found.stdout.split()
            if ids:
                self.window = ids[-1]
                break
            time.sleep(0.05)
        if self.window is None:
            message = f"{kind} opened no window: {self.log_text()}"
            self.close()
            raise RuntimeError(message)
        try:
            self.xdotool("windowmove", "--sync", self.window, "0", "0")
        except Exception:
            self.close()
            raise

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def log_text(self):
        self.log.flush()
        with open(self.log.name) as f:
            return f.read()[-2000:]

    def xdotool(self, *args):
        done = subprocess.run(["xdotool", *args], capture_output=True, text=True,
                              env={**os.environ, "DISPLAY": self.display.name})
        if done.returncode != 0:
            if self.process.poll() is not None:
                raise AssertionError(f"{self.kind} ended (exit {self.process.returncode}); log: {self.log_text()[-300:]}; "
                                     f"transcript: {self.transcript_text()[-300:]!r}")
            raise AssertionError(f"xdotool {' '.join(args)} failed: {done.stderr.strip()}")
        return done.stdout

    def close(self):
        if self.log.closed:
            return
        if self.tmux_socket:
            subprocess.run(["tmux", "-L", self.tmux_socket, "kill-server"], capture_output=True)
        if self.screen_session:
            subprocess.run(["screen", "-S", self.screen_session, "-X", "quit"], capture_output=True,
                           env=dict(os.environ, SCREENDIR=self.screen_dir))
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()
        shutil.rmtree(self.scratch, ignore_errors=True)

    # -- typing, as a person does -----------------------------------------------------------------

    def type_line(self, text):
        """Types `text` and Return into the window, which has the keyboard focus."""
        self.xdotool("windowfocus", "--sync", self.window)
        self.xdotool("type", "--delay", "12", "--", text)
        self.xdotool("key", "Return")

    def transcript_text(self):
        name = os.path.basename(self.transcript)
        being_written = [os.path.join(self.scratch, entry) for entry in os.listdir(self.scratch)
                         if entry.startswith("." + name + ".")]
        for path in being_written + [self.transcript]:
            try:
                with open(path, encoding="utf-8", errors="replace") as f:
                    return f.read()
            except FileNotFoundError:
                continue
        return ""

    def wait_for_commands(self, count, timeout=20):
        """Waits until photorepl has written the output of the first `count` typed commands (a
        command's line and its output reach the transcript together, when photorepl is ready for the
        next one), then until the window stops changing. With `count` 0: until the first prompt is on
        the screen (something is drawn), then until the window stops changing."""
        deadline = time.time() + timeout
        if count == 0:
            self.read_size(deadline)
            while time.time() < deadline:
                if len(self.screenshot().ink_rows()) > 0:
                    break
                if self.process.poll() is not None:
                    raise AssertionError(f"{self.kind} ended (exit {self.process.returncode}) before a prompt; "
                                         f"log: {self.log_text()}")
                time.sleep(0.1)
            else:
                raise AssertionError(f"{self.kind}: no prompt on the screen after {timeout} s; log: {self.log_text()}")
            self.settle()
            return
        while time.time() < deadline:
            if self.commands_done() >= count:
                break
            if self.process.poll() is not None:
                raise AssertionError(f"{self.kind} ended (exit {self.process.returncode}); transcript:\n{self.transcript_text()[-1500:]}")
            time.sleep(0.05)
        else:
            raise AssertionError(f"photorepl did not finish command {count} ({self.commands[count - 1]!r}) in {timeout} s; "
                                 f"transcript:\n{self.transcript_text()[-1500:]}")
        self.settle()

    def read_size(self, deadline):
        """Takes the terminal's real size in cells from `stty size` (rows, then columns)."""
        while time.time() < deadline:
            try:
                with open(self.size_file) as f:
                    fields = f.read().split()
                # A terminal that has not laid out its window yet says 0 0 (mlterm, once in 82 checks).
                if len(fields) == 2 and int(fields[0]) > 0 and int(fields[1]) > 0:
                    self.rows, self.columns = int(fields[0]), int(fields[1])
                    return
            except (FileNotFoundError, ValueError):
                pass
            time.sleep(0.05)
        raise AssertionError(f"{self.kind}: the terminal's size was never written; log: {self.log_text()}")

    def commands_done(self):
        """How many of the typed commands are in the transcript, in order, each as a prompt line
        ending in the command (output lines such as `stack: collection > detail` hold `> ` too)."""
        done = 0
        for line in self.transcript_text().split("\n"):
            if done < len(self.commands) and "> " in line and line.endswith("> " + self.commands[done]):
                done += 1
        return done

    def settle(self, timeout=8):
        """Waits until two screenshots 0.3 s apart are the same (the terminal has drawn everything)."""
        previous = None
        deadline = time.time() + timeout
        while time.time() < deadline:
            time.sleep(0.3)
            current = self._grab()
            if previous is not None and np.array_equal(previous, current):
                return
            previous = current

    def step(self, line, timeout=20):
        """Types `line`, then waits until its output is written and drawn."""
        self.commands.append(line)
        self.type_line(line)
        self.wait_for_commands(len(self.commands), timeout)

    def resize(self, columns, rows):
        cell_w, cell_h = self.cell_size()
        self.xdotool("windowsize", "--sync", self.window, str(columns * cell_w), str(rows * cell_h))
        self.columns, self.rows = columns, rows

    # -- pixels -----------------------------------------------------------------------------------

    def geometry(self):
        """The window's size in pixels."""
        values = dict(line.split("=") for line in self.xdotool("getwindowgeometry", "--shell", self.window).split())
        return int(values["WIDTH"]), int(values["HEIGHT"])

    def cell_size(self):
        width, height = self.geometry()
        return width // self.columns, height // self.rows

    def _grab(self):
        dump = subprocess.run(["xwd", "-root", "-silent", "-display", self.display.name], check=True, capture_output=True).stdout
        pixels = parse_xwd(dump)
        window_w, window_h = self.geometry()
        return pixels[:window_h, :window_w].copy()

    def origin(self):
        """Where the text area starts in the window: xterm and mlterm have a border of 2 pixels."""
        width, height = self.geometry()
        cell_w, cell_h = self.cell_size()
        return (width - self.columns * cell_w) // 2, (height - self.rows * cell_h) // 2

    def screenshot(self):
        return Screenshot(self._grab(), self.cell_size(), self.origin())


class Picture:
    """Where a test photo of four flat quadrants was drawn on a screenshot, and how well."""

    def __init__(self, shot, quadrants, tolerance, top=0, bottom=None, left=0, right=None):
        """Looks between pixel rows `top` and `bottom` (and columns `left` and `right`) only, when
        they are given (to tell one picture from another above it, or beside it)."""
        self.shot = shot
        self.quadrants = quadrants
        masks = [shot.near(colour, tolerance) for colour in quadrants]
        any_quadrant = masks[0] | masks[1] | masks[2] | masks[3]
        any_quadrant[:top] = False
        if bottom is not None:
            any_quadrant[bottom:] = False
        any_quadrant[:, :left] = False
        if right is not None:
            any_quadrant[:, right:] = False
        rows = np.nonzero(any_quadrant.sum(axis=1) > 8)[0]
        columns = np.nonzero(any_quadrant[rows].sum(axis=0) > 8)[0] if len(rows) else []
        self.found = len(rows) > 0 and len(columns) > 0
        if not self.found:
            self.top = self.bottom = self.left = self.right = 0
            return
        self.top, self.bottom = int(rows[0]), int(rows[-1]) + 1
        self.left, self.right = int(columns[0]), int(columns[-1]) + 1
        self.masks = masks

    @classmethod
    def all(cls, shot, quadrants, tolerance):
        """Every picture on the screenshot, top to bottom: bands of rows with the photo's colours,
        apart from each other by at least one row without them."""
        masks = [shot.near(colour, tolerance) for colour in quadrants]
        rows = np.nonzero((masks[0] | masks[1] | masks[2] | masks[3]).sum(axis=1) > 8)[0]
        pictures, start = [], None
        for index, row in enumerate(rows):
            if start is None:
                start = row
            if index + 1 == len(rows) or rows[index + 1] != row + 1:
                pictures.append(cls(shot, quadrants, tolerance, top=int(start), bottom=int(row) + 1))
                start = None
        return pictures

    @classmethod
    def grid(cls, shot, quadrants, tolerance, gap=8):
        """The pictures of a contact sheet: each band of rows (as `all` finds them) split into the
        pictures side by side in it, apart from each other by at least `gap` columns without them."""
        # A scaled picture's seam between its quadrants blends their colours: a row or two of none of
        # them, inside one picture. Bands closer than `gap` rows are one.
        bands = []
        for band in cls.all(shot, quadrants, tolerance):
            if bands and band.top - bands[-1][1] <= gap:
                bands[-1] = (bands[-1][0], band.bottom)
            else:
                bands.append((band.top, band.bottom))
        masks = [shot.near(colour, tolerance) for colour in quadrants]
        any_quadrant = masks[0] | masks[1] | masks[2] | masks[3]
        rows = []
        for top, bottom in bands:
            mask = any_quadrant[top:bottom]
            columns = np.nonzero(mask.sum(axis=0) > 4)[0]
            pictures, start = [], None
            for index, column in enumerate(columns):
                if start is None:
                    start = column
                if index + 1 == len(columns) or columns[index + 1] > column + gap:
                    pictures.append(cls(shot, quadrants, tolerance, top=top, bottom=bottom,
                                        left=int(start), right=int(column) + 1))
                    start = None
            rows.append(pictures)
        return rows

    @property
    def width(self):
        return self.right - self.left

    @property
    def height(self):
        return self.bottom - self.top

    def quadrant_boxes(self):
        """Each quadrant's box, without a band around the seams (scaling blends them) and the edges."""
        mid_x, mid_y = (self.left + self.right) // 2, (self.top + self.bottom) // 2
        margin_x, margin_y = max(4, self.width // 20), max(4, self.height // 20)
        return [
            (self.top + margin_y, mid_y - margin_y, self.left + margin_x, mid_x - margin_x),
            (self.top + margin_y, mid_y - margin_y, mid_x + margin_x, self.right - margin_x),
            (mid_y + margin_y, self.bottom - margin_y, self.left + margin_x, mid_x - margin_x),
            (mid_y + margin_y, self.bottom - margin_y, mid_x + margin_x, self.right - margin_x),
        ]

    def cleanliness(self):
        """For each quadrant, the share of its pixels that have its colour: 1.0 is a clean picture,
        text or another picture drawn over it lowers it; a picture upside down or mirrored gives ~0."""
        shares = []
        for mask, (top, bottom, left, right) in zip(self.masks, self.quadrant_boxes()):
            region = mask[top:bottom, left:right]
            shares.append(float(region.mean()) if region.size else 0.0)
        return shares

    def mean_colours(self):
        colours = []
        for top, bottom, left, right in self.quadrant_boxes():
            region = self.shot.pixels[top:bottom, left:right].reshape(-1, 3)
            colours.append(tuple(int(v) for v in region.mean(axis=0)) if len(region) else (0, 0, 0))
        return colours

    def describe(self):
        if not self.found:
            return "no picture found"
        return (f"picture at x {self.left}..{self.right}, y {self.top}..{self.bottom} ({self.width}×{self.height} px), "
                f"quadrants clean {[round(s, 3) for s in self.cleanliness()]}, colours {self.mean_colours()}")


class FootTerminal(Terminal):
    """foot (Wayland) showing photorepl, full screen in cage, a headless Wayland compositor (its
    output 1280×720, whatever the size asked: the cells are what fits, read from the terminal). cage
    refuses to run as root, so as root foot runs as `nobody`, with its own copy of photorepl and a
    scratch folder it owns. cage has no virtual keyboard: lines are typed through a FIFO into
    `pty-relay`, which runs photorepl on a terminal of its own inside foot. Screenshots by grim."""

    USER = 65534  # nobody

    def __init__(self, display, kind, arguments, columns=100, rows=40, environment=None, tmux=None,
                 binary=None, folder=None, font_size=FONT_SIZE):
        assert kind == "foot" and tmux is None, (kind, tmux)
        self.kind = kind
        self.columns, self.rows = columns, rows
        self.tmux_socket = self.screen_session = None
        self.scratch = tempfile.mkdtemp(prefix="realterm-foot-")
        os.chmod(self.scratch, 0o755)
        self.transcript = os.path.join(self.scratch, "transcript.txt")
        self.size_file = os.path.join(self.scratch, "size")
        self.fifo = os.path.join(self.scratch, "typed")
        os.mkfifo(self.fifo, 0o600)
        self.runtime = os.path.join(self.scratch, "run")
        os.mkdir(self.runtime, 0o700)
        binary = binary or os.environ.get("PHOTOREPL") or os.path.join(ROOT, ".build", "release", "photorepl")
        as_root = os.geteuid() == 0
        if as_root:
            # nobody cannot reach into a build folder or a clone made by root (mktemp's 0700).
            shutil.copy(binary, os.path.join(self.scratch, "photorepl"))
            binary = os.path.join(self.scratch, "photorepl")
            relay = os.path.join(self.scratch, "pty-relay")
            shutil.copy(os.path.join(os.path.dirname(os.path.abspath(__file__)), "pty-relay"), relay)
            for path in self._photo_folders(arguments):
                os.chmod(path, os.stat(path).st_mode | 0o055)
            for entry in [self.scratch] + [os.path.join(self.scratch, name) for name in os.listdir(self.scratch)]:
                os.chown(entry, self.USER, self.USER)
        else:
            relay = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pty-relay")
        env = {"HOME": self.scratch, "LANG": "C.UTF-8", "XDG_STATE_HOME": self.scratch, "XDG_CACHE_HOME": self.scratch + "/cache"}
        env.update(environment or {})
        photorepl = ["env", "-u", "COLORTERM", "-u", "NO_COLOR", "-u", "TMUX"] + [f"{k}={v}" for k, v in sorted(env.items())]
        photorepl += [binary] + list(arguments) + ["--transcript", self.transcript]
        script = f"cd {shlex.quote(self.scratch)} && exec python3 {shlex.quote(relay)} {shlex.quote(self.fifo)} " \
                 f"{shlex.quote(self.size_file)} " + " ".join(shlex.quote(a) for a in photorepl)
        self.environment = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": self.scratch, "XDG_RUNTIME_DIR": self.runtime, "LANG": "C.UTF-8",
                            "WLR_BACKENDS": "headless", "WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1"}
        self.become = ["setpriv", f"--reuid={self.USER}", f"--regid={self.USER}", "--clear-groups", "--"] if as_root else []
        args = self.become + ["cage", "--", "foot", f"--font={FONT}:size={font_size}", "-o", "colors.background=000000",
                              "-o", "colors.foreground=ffffff", "-o", "cursor.blink=no", "-o", "pad=0x0",
                              "sh", "-c", script]
        self.log = open(os.path.join(self.scratch, "terminal.log"), "w")
        # foot starts its shell in its own working folder: ours may be one nobody cannot enter (a
        # clone made by root with mktemp, 0700), and then the shell does not start.
        self.process = subprocess.Popen(args, env=self.environment, stdout=self.log, stderr=self.log, start_new_session=True,
                                        cwd=self.scratch)
        self.commands = []
        self.window = None
        self.typed = None
        self.output_size = None

    @staticmethod
    def _photo_folders(arguments):
        """The test-photo folders among `arguments`, with their parents inside the temporary folder."""
        temporary = os.path.realpath(tempfile.gettempdir())
        for argument in arguments:
            path = os.path.realpath(argument) if os.path.isabs(str(argument)) else None
            while path and os.path.isdir(path) and path.startswith(temporary + os.sep):
                yield path
                path = os.path.dirname(path)

    def close(self):
        if self.log.closed:
            return
        if self.typed is not None:
            os.close(self.typed)
        if self.process.poll() is None:
            os.killpg(self.process.pid, 15)
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, 9)
                self.process.wait()
        self.log.close()
        shutil.rmtree(self.scratch, ignore_errors=True)

    def type_line(self, text):
        if self.typed is None:
            self.typed = os.open(self.fifo, os.O_WRONLY)
        os.write(self.typed, text.encode() + b"\r")

    def read_size(self, deadline):
        while time.time() < deadline:
            try:
                with open(self.size_file) as f:
                    fields = [int(v) for v in f.read().split()]
                if len(fields) == 4:
                    self.rows, self.columns, width, height = fields
                    self.text_area = (width, height)
                    return
            except (FileNotFoundError, ValueError):
                pass
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        raise AssertionError(f"foot: the terminal's size was never written; log: {self.log_text()}")

    def resize(self, columns, rows):
        raise AssertionError("cage's output has a fixed size: foot cannot be resized here")

    def geometry(self):
        return self.output_size or self._grab().shape[1::-1]

    def cell_size(self):
        # Read again each time: cage makes foot full screen after it started.
        self.read_size(time.time() + 5)
        width, height = self.text_area
        return width // self.columns, height // self.rows

    def origin(self):
        return 0, 0

    def _grab(self):
        socket = next((name for name in sorted(os.listdir(self.runtime)) if name.startswith("wayland-") and not name.endswith(".lock")), None)
        if socket is None:
            raise AssertionError(f"foot: cage made no Wayland socket; log: {self.log_text()}")
        done = subprocess.run(self.become + ["grim", "-t", "ppm", "-"], capture_output=True,
                              env=dict(self.environment, WAYLAND_DISPLAY=socket))
        if done.returncode != 0:
            raise AssertionError(f"grim failed: {done.stderr.decode(errors='replace').strip()}; log: {self.log_text()}")
        pixels = parse_ppm(done.stdout)
        self.output_size = (pixels.shape[1], pixels.shape[0])
        return pixels


def parse_ppm(data):
    """The RGB pixels of a binary PPM (P6, 8 bits), as grim writes it."""
    fields, position = [], 0
    while len(fields) < 4:
        while data[position:position + 1].isspace():
            position += 1
        if data[position:position + 1] == b"#":
            position = data.index(b"\n", position) + 1
            continue
        end = position
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[position:end])
        position = end
    if fields[0] != b"P6" or fields[3] != b"255":
        raise ValueError(f"not an 8-bit P6 PPM: {fields}")
    width, height = int(fields[1]), int(fields[2])
    position += 1  # the one whitespace byte after the header
    return np.frombuffer(data[position:position + width * height * 3], dtype=np.uint8).reshape(height, width, 3).copy()
