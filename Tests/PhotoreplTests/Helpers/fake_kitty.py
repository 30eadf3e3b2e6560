#!/usr/bin/env python3
"""A fake kitty on a pty, for photorepl's local kitty transfer: photorepl runs on a pty of its own
(TERM=xterm-kitty, no ssh, no tmux) on a folder holding one photo made here, its left half LEFT and
its right half RIGHT; this answers its probe, types `open 1`, reads the picture it is sent as kitty
would, then `quit`, and prints one line of JSON: the media queries, the pictures, what was left behind.

    fake_kitty.py --media MODE [--photo WxH] [--preview-size CxR] [--end quit|QUIT|KILL] -- PHOTOREPL [ARGS...]

MODE says how the kitty query action (a=q) on each medium is answered and what happens to pictures:
  shm-ok   OK for t=s (read and unlinked), an error for t=t
  file-ok  OK for t=t (read and deleted), an error for t=s
  silent   no answer to either (a terminal that is not kitty, or one far away)
  reject   OK for t=s, but the picture itself is never read nor unlinked (kitty refusing it)
Pictures sent in shared memory or a file are read (and removed, as kitty does, but in `reject`)
before photorepl is told anything else; base64 ones are decoded. --end says how the session ends
after the picture: `quit` typed (the default), or a SIGQUIT or SIGKILL sent to it.

--animation N shows an APNG of N frames of noise (--photo's size, 1/10 s each) instead, and
--at-prompt says what is done once the detail's prompt is back and a frame has come after it:
  wait     nothing: the frames come until the animation is run (a=a,s=3)
  key      `#` typed (no base64 nor kitty key holds it, so its echo is found among the frames)
  ctrl-c   Ctrl-C typed
The report then says where the frames (a=f) and runs came: before the prompt, after it, after the
key's echo (or the prompt drawn again after Ctrl-C).
"""
import argparse, base64, fcntl, json, os, pty, select, shutil, signal, struct, sys, tempfile, termios, time, zlib

LEFT = (200, 40, 90)
RIGHT = (30, 140, 220)


def write_png(path, width, height):
    raw = b""
    for _ in range(height):
        row = bytes(LEFT) * (width // 2) + bytes(RIGHT) * (width - width // 2)
        raw += b"\0" + row

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def write_apng(path, width, height, frames):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    out += chunk(b"acTL", struct.pack(">II", frames, 0))
    sequence = 0
    for index in range(frames):
        # Noise, so that each frame is as large as its pixels in kitty's compressed form too.
        data = zlib.compress(b"".join(b"\0" + os.urandom(width * 3) for _ in range(height)), 1)
        out += chunk(b"fcTL", struct.pack(">IIIIIHHBB", sequence, width, height, 0, 0, 1, 10, 0, 0))
        sequence += 1
        if index == 0:
            out += chunk(b"IDAT", data)
        else:
            out += chunk(b"fdAT", struct.pack(">I", sequence) + data)
            sequence += 1
    with open(path, "wb") as f:
        f.write(out + chunk(b"IEND", b""))


def shm_path(name):
    # glibc keeps POSIX shared memory in /dev/shm (this fake is for Linux only).
    return "/dev/shm/" + name.lstrip("/")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--media", required=True, choices=["shm-ok", "file-ok", "silent", "reject"])
    parser.add_argument("--photo", default="64x32")
    parser.add_argument("--end", default="quit", choices=["quit", "QUIT", "KILL"])
    parser.add_argument("--preview-size", default="20x5")
    parser.add_argument("--photo-file", help="a photo to show instead of the two halves (for measuring)")
    parser.add_argument("--window", default="80x24x10x20", help="columns x rows x cell width x cell height")
    parser.add_argument("--animation", type=int, help="an APNG of this many frames of noise instead")
    parser.add_argument("--at-prompt", default="wait", choices=["wait", "key", "ctrl-c"])
    parser.add_argument("command", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    command = options.command[1:] if options.command[:1] == ["--"] else options.command
    width, height = (int(v) for v in options.photo.split("x"))
    folder = tempfile.mkdtemp(prefix="fake-kitty-")
    if options.photo_file:
        with open(options.photo_file, "rb") as source, open(os.path.join(folder, os.path.basename(options.photo_file)), "wb") as copy:
            copy.write(source.read())
    elif options.animation:
        write_apng(os.path.join(folder, "noise.png"), width, height, options.animation)
    else:
        write_png(os.path.join(folder, "halves.png"), width, height)
    env = {k: v for k, v in os.environ.items() if k not in ("TMUX", "SSH_CONNECTION", "SSH_TTY", "SSH_CLIENT", "COLORTERM",
                                                          "NO_COLOR", "KITTY_WINDOW_ID", "TERM_PROGRAM", "STY")}
    env.update({"TERM": "xterm-kitty", "LANG": "C.UTF-8", "HOME": folder, "XDG_STATE_HOME": folder, "XDG_CACHE_HOME": folder,
                "XDG_CONFIG_HOME": folder})
    if options.end == "QUIT":
        # As the release build ends (a debug build's Swift backtracer takes over the signal instead).
        env["SWIFT_BACKTRACE"] = "enable=no"
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(command[0], command + [folder, "--preview-size", options.preview_size, "--no-config"], env)
    columns, rows, cell_width, cell_height = (int(v) for v in options.window.split("x"))
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, columns * cell_width, rows * cell_height))
    output = bytearray()
    scanned = 0
    report = {"queries": [], "pictures": [], "answers": []}
    # Where each animation frame (a=f) and run (a=a with s=3) began in the output.
    frame_offsets, run_offsets = [], []
    direct = bytearray()
    direct_keys = None
    deadline = time.time() + 30

    def answer(text):
        report["answers"].append(text)
        os.write(fd, text.encode())

    def handle_graphics(body, offset):
        nonlocal direct, direct_keys
        control, _, payload = body.partition(b";")
        keys = dict(item.split("=", 1) for item in control.decode().split(",") if "=" in item)
        if keys.get("a") == "f":
            frame_offsets.append(offset)
            return
        if keys.get("a") == "a" and keys.get("s") == "3":
            run_offsets.append(offset)
            return
        if keys.get("a") == "q":
            medium = keys.get("t", "d")
            if medium == "d":
                answer(f"\x1b_Gi={keys['i']};OK\x1b\\")
                return
            name = base64.b64decode(payload).decode()
            path = shm_path(name) if medium == "s" else name
            query = {"id": keys["i"], "medium": medium, "name": name}
            try:
                with open(path, "rb") as f:
                    query["content"] = list(f.read())
                query["mode"] = oct(os.stat(path).st_mode & 0o777)
            except OSError as error:
                query["error"] = str(error)
            report["queries"].append(query)
            accepts = (options.media in ("shm-ok", "reject") and medium == "s") or (options.media == "file-ok" and medium == "t")
            if options.media == "silent":
                return
            if accepts:
                os.unlink(path)
                answer(f"\x1b_Gi={keys['i']};OK\x1b\\")
            else:
                answer(f"\x1b_Gi={keys['i']};EBADF:Failed to open file for graphics transmission\x1b\\")
            return
        if keys.get("a") == "T" or direct_keys is not None:
            if direct_keys is None:
                direct_keys = keys
            medium = direct_keys.get("t", "d")
            if medium == "d":
                direct += payload
                if keys.get("m", "0") == "1":
                    return
                data = base64.b64decode(bytes(direct))
                if direct_keys.get("o") == "z":
                    data = zlib.decompress(data)
                record(direct_keys, "d", data, None)
                direct, direct_keys = bytearray(), None
                return
            name = base64.b64decode(payload).decode()
            path = shm_path(name) if medium == "s" else name
            data, mode = None, None
            present = os.path.exists(path)
            if options.media != "reject":
                try:
                    with open(path, "rb") as f:
                        data = f.read()
                    mode = oct(os.stat(path).st_mode & 0o777)
                    os.unlink(path)
                except OSError as error:
                    report.setdefault("errors", []).append(f"{path}: {error}")
            record(direct_keys, medium, data, name, mode, present)
            direct_keys = None

    def record(keys, medium, data, name, mode=None, present=None):
        w, h = int(keys["s"]), int(keys["v"])
        picture = {"medium": medium, "width": w, "height": h, "size": int(keys.get("S", 0)), "name": name, "mode": mode,
                   "present": present}
        if data is not None:
            picture["bytes"] = len(data)
            if len(data) == w * h * 4:
                row = h // 2
                picture["left"] = list(data[(row * w + w // 10) * 4:(row * w + w // 10) * 4 + 4])
                picture["right"] = list(data[(row * w + w - 1 - w // 10) * 4:(row * w + w - 1 - w // 10) * 4 + 4])
        report["pictures"].append(picture)

    def scan():
        """Answers what photorepl asked so far, in order: kitty graphics commands, then DA1."""
        nonlocal scanned
        while True:
            apc = output.find(b"\x1b_G", scanned)
            da1 = output.find(b"\x1b[c", scanned)
            if apc < 0 and da1 < 0:
                scanned = max(scanned, len(output) - 3)
                return
            if da1 >= 0 and (apc < 0 or da1 < apc):
                answer("\x1b[?62;c")
                scanned = da1 + 3
                continue
            end = output.find(b"\x1b\\", apc)
            if end < 0:
                scanned = apc
                return
            handle_graphics(bytes(output[apc + 3:end]), apc)
            scanned = end + 2

    def read(until, seconds):
        end = time.time() + seconds
        while time.time() < min(end, deadline):
            if until is not None and until():
                return True
            ready, _, _ = select.select([fd], [], [], 0.02)
            if ready:
                try:
                    chunk = os.read(fd, 1 << 20)
                except OSError:
                    return False
                if not chunk:
                    return False
                output.extend(chunk)
                scan()
        return until is None

    read(lambda: output.endswith(b"photos> "), 10)
    before = len(output)
    started = time.time()
    os.write(fd, b"open 1\r")
    if options.animation:
        play_animation(fd, output, read, report, frame_offsets, run_offsets, options.at_prompt)
        options.end = "quit"
    else:
        read(lambda: output.endswith(b"photos/detail 1> "), 15)
        report["prompt"] = output.endswith(b"photos/detail 1> ")
    report["seconds"] = round(time.time() - started, 4)
    report["bytes"] = len(output) - before
    child = pid
    if options.end == "quit":
        # A `#` typed at the prompt is taken back first.
        os.write(fd, b"\x7fquit\r" if options.at_prompt == "key" else b"quit\r")
    else:
        os.kill(pid, getattr(signal, "SIG" + options.end))
    read(None, 0.2)
    status = None
    for _ in range(300):
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        read(None, 0.02)
    else:
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
    report["exit"] = os.waitstatus_to_exitcode(status) if status is not None else None
    marks = (f"photorepl-kitty-{child}-", f"tty-graphics-protocol-photorepl-{child}-")
    left = []
    for place in {"/dev/shm", os.environ.get("TMPDIR", "/tmp"), "/tmp"}:
        try:
            left += [os.path.join(place, entry) for entry in os.listdir(place) if entry.startswith(marks)]
        except OSError:
            pass
    report["left"] = left
    shutil.rmtree(folder, ignore_errors=True)
    report["left_colour"], report["right_colour"] = list(LEFT), list(RIGHT)
    print(json.dumps(report))


def play_animation(fd, output, read, report, frame_offsets, run_offsets, at_prompt):
    """After `open 1` of an animation: where its frames came, and what a key or Ctrl-C did to them."""
    prompt = b"photos/detail 1> "
    start = len(output)
    opened = time.time()
    read(lambda: output.find(prompt, start) >= 0, 60)
    at = output.find(prompt, start)
    report["prompt"] = at >= 0
    report["seconds_to_prompt"] = round(time.time() - opened, 3)
    report["frames_before_prompt"] = sum(1 for o in frame_offsets if o < at)
    if at < 0:
        return
    if at_prompt == "wait":
        read(lambda: run_offsets, 60)
        report["frames"] = len(frame_offsets)
        report["runs"] = len(run_offsets)
        report["runs_after_prompt"] = sum(1 for o in run_offsets if o > at)
        return
    read(lambda: any(o > at for o in frame_offsets), 30)
    sent = len(output)
    os.write(fd, b"#" if at_prompt == "key" else b"\x03")
    mark = b"#" if at_prompt == "key" else prompt
    read(lambda: output.find(mark, sent) >= 0, 10)
    echoed = output.find(mark, sent)
    report["echoed"] = echoed >= 0
    read(None, 1.5)
    report["frames"] = len(frame_offsets)
    report["frames_after_prompt"] = sum(1 for o in frame_offsets if o > at)
    report["frames_after_key"] = sum(1 for o in frame_offsets if echoed >= 0 and o > echoed)
    report["runs"] = len(run_offsets)


if __name__ == "__main__":
    main()
