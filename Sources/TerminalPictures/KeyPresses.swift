import SystemCalls

/// Whether a key was pressed while an animation is redrawn, so that it stops there. While it plays
/// the terminal's input is read a key at a time (not a line: ICANON off; Ctrl-C still a signal), and
/// the key is left where it is, for the line editor: the key that stops an animation is the first
/// of the next line.
package final class KeyPresses {
    private var saved: termios?

    package init() {}

    /// Keys are seen one by one from now until `stopWatching` (nothing is done when standard input
    /// is no terminal, or photorepl is not in its foreground).
    package func startWatching() {
        guard saved == nil, isatty(STDIN_FILENO) == 1, tcgetpgrp(STDIN_FILENO) == getpgrp() else { return }
        var now = termios()
        guard tcgetattr(STDIN_FILENO, &now) == 0 else { return }
        var watching = now
        watching.c_lflag &= ~tcflag_t(ICANON)
        withUnsafeMutableBytes(of: &watching.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        if tcsetattr(STDIN_FILENO, TCSANOW, &watching) == 0 { saved = now }
    }

    /// Whether a key is waiting to be read (it stays unread).
    package func keyWasPressed() -> Bool {
        var input = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        return poll(&input, 1, 0) > 0 && input.revents & Int16(POLLIN) != 0
    }

    /// The terminal's input as it was: only ICANON is put back (the session's hidden echo, set
    /// meanwhile by others, stays as it is).
    package func stopWatching() {
        guard let saved else { return }
        self.saved = nil
        var now = termios()
        guard tcgetattr(STDIN_FILENO, &now) == 0 else { return }
        now.c_lflag = (now.c_lflag & ~tcflag_t(ICANON)) | (saved.c_lflag & tcflag_t(ICANON))
        withUnsafeMutableBytes(of: &now.c_cc) { cc in
            withUnsafeBytes(of: saved.c_cc) { old in
                cc[Int(VMIN)] = old[Int(VMIN)]
                cc[Int(VTIME)] = old[Int(VTIME)]
            }
        }
        tcsetattr(STDIN_FILENO, TCSANOW, &now)
    }
}
