#!/usr/bin/env python3
"""A terminal that answers photorepl's query in pieces, the rest after the query's time-out, as a slow
link does: photorepl runs on a pty of its own; when it asks (its Primary Device Attributes request,
ESC [ c, comes last), this answers the first piece of `--head`, waits `--wait` seconds, then writes
`--tail` (with `--head-after`, the head too comes late); then it types each `--type` line. What photorepl wrote goes to standard output (escape
sequences and all), once it has exited or after 20 s.

    slow_terminal.py --head HEX --tail HEX [--wait S] [--type LINE]... -- PHOTOREPL ARGS...
"""
import argparse, os, pty, select, signal, struct, sys, termios, fcntl, time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--head", required=True, help="hex bytes answered at once")
    parser.add_argument("--tail", required=True, help="hex bytes answered after --wait")
    parser.add_argument("--wait", type=float, default=1.5, help="seconds between the head and the tail")
    parser.add_argument("--head-after", type=float, default=0, help="seconds before the head (past the query's time-out: all of it late)")
    parser.add_argument("--type", action="append", default=[], help="a line typed after the tail (Enter added)")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    command = options.command[1:] if options.command[:1] == ["--"] else options.command
    pid, fd = pty.fork()
    if pid == 0:
        os.execvp(command[0], command)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    output = b""
    deadline = time.time() + 20

    def read(until=None, seconds=0.2, since=0):
        """Reads for `seconds`, or until `until` is in what was written after offset `since`."""
        nonlocal output
        end = time.time() + seconds
        while time.time() < min(end, deadline):
            if until is not None and until in output[since:]:
                return True
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    return False
                if not chunk:
                    return False
                output += chunk
        return True

    read(b"photos> ", 5)
    for line in ["count 1", "fetch"]:
        os.write(fd, line.encode() + b"\r")
        read(None, 0.3)
    # The first picture asks the terminal: part of the answer now, the rest too late.
    before = len(output)
    os.write(fd, b"open 1\r")
    read(b"\x1b[c", 5, since=before)
    read(None, options.head_after)
    os.write(fd, bytes.fromhex(options.head))
    read(None, options.wait)
    os.write(fd, bytes.fromhex(options.tail))
    read(None, 1.5)
    for line in options.type:
        os.write(fd, line.encode() + b"\r")
        read(None, 0.5)
    read(None, 1.0)
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    read(None, 0.5)
    _, status = os.waitpid(pid, 0)
    sys.stdout.buffer.write(output)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
