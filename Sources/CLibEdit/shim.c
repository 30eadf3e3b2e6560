#define _GNU_SOURCE  // pipe2 (glibc; elsewhere pipe and fcntl, below)
#include "CLibEdit.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>
#include "CLibraryLoader.h"

// libedit, loaded with dlopen when the first interactive session starts: scripts, pipes and
// transcripts never pay for it (with ncurses, libbsd and libmd, four libraries at every start).
// Each pointer has the type histedit.h declares its function with: the compiler checks every call.
static struct {
    __typeof__(el_init) *init;
    __typeof__(el_end) *end;
    __typeof__(el_set) *set;
    __typeof__(el_get) *get;
    __typeof__(el_gets) *gets;
    __typeof__(el_source) *source;
    __typeof__(el_resize) *resize;
    __typeof__(el_line) *line;
    __typeof__(el_insertstr) *insertstr;
    __typeof__(el_cursor) *cursor;
    __typeof__(el_deletestr) *deletestr;
    __typeof__(history_init) *history_init;
    __typeof__(history_end) *history_end;
    __typeof__(history) *history;
} libedit;
static const loader_library_symbol libedit_symbols[] = {
    {"el_init", (void **)&libedit.init},
    {"el_end", (void **)&libedit.end},
    {"el_set", (void **)&libedit.set},
    {"el_get", (void **)&libedit.get},
    {"el_gets", (void **)&libedit.gets},
    {"el_source", (void **)&libedit.source},
    {"el_resize", (void **)&libedit.resize},
    {"el_line", (void **)&libedit.line},
    {"el_insertstr", (void **)&libedit.insertstr},
    {"el_cursor", (void **)&libedit.cursor},
    {"el_deletestr", (void **)&libedit.deletestr},
    {"history_init", (void **)&libedit.history_init},
    {"history_end", (void **)&libedit.history_end},
    {"history", (void **)&libedit.history},
};
static loader_library libedit_library = {LOADER_SONAME("libedit.so.2", "libedit.3.dylib"), libedit_symbols, sizeof libedit_symbols / sizeof libedit_symbols[0],
                                            "typing commands needs libedit", "libedit2"};

const char *repl_libedit_load(void) { return loader_library_load(&libedit_library); }

EditLine *repl_el_init(const char *program) {
    return libedit.init(program, stdin, stdout, stderr);
}
void repl_el_end(EditLine *el) { libedit.end(el); }
const char *repl_el_gets(EditLine *el, int *count) { return libedit.gets(el, count); }
int repl_el_source(EditLine *el, const char *path) { return libedit.source(el, path); }
const LineInfo *repl_el_line(EditLine *el) { return libedit.line(el); }
int repl_el_insertstr(EditLine *el, const char *text) { return libedit.insertstr(el, text); }
int repl_el_cursor(EditLine *el, int count) { return libedit.cursor(el, count); }
void repl_el_deletestr(EditLine *el, int count) { libedit.deletestr(el, count); }
History *repl_history_init(void) { return libedit.history_init(); }
void repl_history_end(History *h) { libedit.history_end(h); }

int repl_el_set_prompt(EditLine *el, repl_prompt_fn fn) { return libedit.set(el, EL_PROMPT, fn); }
int repl_el_set_editor(EditLine *el, const char *mode) { return libedit.set(el, EL_EDITOR, mode); }
int repl_el_is_emacs(EditLine *el) {
    const char *mode = NULL;
    return libedit.get(el, EL_EDITOR, &mode) == 0 && mode && strcmp(mode, "emacs") == 0;
}
int repl_el_set_clientdata(EditLine *el, void *data) { return libedit.set(el, EL_CLIENTDATA, data); }

void *repl_el_get_clientdata(EditLine *el) {
    void *data = NULL;
    if (libedit.get(el, EL_CLIENTDATA, &data) != 0) return NULL;
    return data;
}

int repl_el_set_history(EditLine *el, History *h) { return libedit.set(el, EL_HIST, libedit.history, h); }

int repl_el_addfn(EditLine *el, const char *name, const char *help, repl_command_fn fn) {
    return libedit.set(el, EL_ADDFN, name, help, fn);
}

int repl_el_bind(EditLine *el, const char *key, const char *command) {
    return libedit.set(el, EL_BIND, key, command, NULL);
}

int repl_el_columns(EditLine *el) {
    int columns = 0;
    // EL_GETTC returns 0 on success, despite what the man page says.
    if (libedit.get(el, EL_GETTC, "co", &columns, NULL) != 0) return -1;
    return columns;
}

// H_ENTER, H_LOAD and H_SAVE take one pointer argument; H_LOAD and H_SAVE return the entry count.
static int history_op(History *h, int op, const char *arg) {
    HistEvent ev;
    int rc = libedit.history(h, &ev, op, arg);
    return rc < 0 ? -1 : rc;
}

int repl_history_setsize(History *h, int size) {
    HistEvent ev;
    return libedit.history(h, &ev, H_SETSIZE, size) < 0 ? -1 : 0;
}

int repl_history_setunique(History *h, int on) {
    HistEvent ev;
    return libedit.history(h, &ev, H_SETUNIQUE, on) < 0 ? -1 : 0;
}

int repl_history_enter(History *h, const char *line) { return history_op(h, H_ENTER, line); }
int repl_history_load(History *h, const char *path) { return history_op(h, H_LOAD, path); }
int repl_history_save(History *h, const char *path) { return history_op(h, H_SAVE, path); }


// MARK: Signals and input

static int signal_pipe[2] = {-1, -1};
static int reader_signal = 0;
// The first of SIGINT, SIGTERM and SIGHUP that came while scripts run: read between two commands,
// where a read of the pipe would cost a system call each.
static volatile sig_atomic_t stopping_signal = 0;
static int stops_scripts = 0;

static void on_signal(int signo) {
    int saved = errno;
    unsigned char byte = (unsigned char)signo;
    if (stops_scripts && stopping_signal == 0 && (signo == SIGINT || signo == SIGTERM || signo == SIGHUP)) stopping_signal = signo;
    if (signal_pipe[1] >= 0) (void)write(signal_pipe[1], &byte, 1);
    errno = saved;
}

static int open_signal_pipe(void) {
    if (signal_pipe[0] >= 0) return 0;
#ifdef __linux__
    return pipe2(signal_pipe, O_CLOEXEC | O_NONBLOCK);
#else
    int ends[2];
    if (pipe(ends) != 0) return -1;
    for (int i = 0; i < 2; i++) {
        if (fcntl(ends[i], F_SETFD, FD_CLOEXEC) != 0 || fcntl(ends[i], F_SETFL, fcntl(ends[i], F_GETFL) | O_NONBLOCK) != 0) {
            int saved = errno;
            close(ends[0]);
            close(ends[1]);
            errno = saved;
            return -1;
        }
    }
    signal_pipe[0] = ends[0];
    signal_pipe[1] = ends[1];
    return 0;
#endif
}

int repl_signals_install(void) {
    if (open_signal_pipe() != 0) return -1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    int signals[] = {SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP};
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) sigaction(signals[i], &action, NULL);
    return signal_pipe[0];
}

int repl_signals_install_for_scripts(void) {
    if (open_signal_pipe() != 0) return -1;
    stops_scripts = 1;
    int signals[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction action, previous;
        memset(&action, 0, sizeof action);
        action.sa_handler = on_signal;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESTART;
        sigaction(signals[i], &action, &previous);
        // An ignored signal stays ignored: nohup's SIGHUP, a background job's SIGINT.
        if (previous.sa_handler == SIG_IGN && !(previous.sa_flags & SA_SIGINFO)) sigaction(signals[i], &previous, NULL);
    }
    return signal_pipe[0];
}

int repl_signals_stopping(void) { return stopping_signal; }

int repl_signals_fd(void) { return signal_pipe[0]; }

// The echo while a command runs (repl_echo_hide and _restore, at the end of this file).
// `command_running` is what the session wants (set by hide, cleared by restore); `echo_hidden` is what
// the terminal has now, and `echo_saved` its modes before. A lock keeps them together: Ctrl-Z's
// suspend runs on another thread than the session's.
static pthread_mutex_t echo_lock = PTHREAD_MUTEX_INITIALIZER;
static int command_running;
static int echo_hidden;
static struct termios echo_saved;
static void echo_back_now(void);
static void echo_off_now(void);

void repl_suspend(EditLine *el) {
    // Ctrl-Z: the terminal as the shell expects it while photorepl is stopped (libedit's raw mode
    // off, the echo back on during a command), then stopped for real; after `fg` (SIGCONT) as it was,
    // and the line redrawn; after `bg`, the terminal is left alone (setting it would stop us again).
    pthread_mutex_lock(&echo_lock);
    echo_back_now();
    pthread_mutex_unlock(&echo_lock);
    if (el) libedit.set(el, EL_PREP_TERM, 0);
    struct sigaction ours, stop;
    memset(&stop, 0, sizeof stop);
    stop.sa_handler = SIG_DFL;
    sigemptyset(&stop.sa_mask);
    sigaction(SIGTSTP, &stop, &ours);
    // libedit blocks SIGTSTP (with HUP, INT, TERM, CONT and WINCH) while it reads: let this one through.
    sigset_t only_stop, previous;
    sigemptyset(&only_stop);
    sigaddset(&only_stop, SIGTSTP);
    pthread_sigmask(SIG_UNBLOCK, &only_stop, &previous);
    raise(SIGTSTP);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    sigaction(SIGTSTP, &ours, NULL);
    pthread_mutex_lock(&echo_lock);
    if (command_running) echo_off_now();  // not once the command has ended and a line is read
    pthread_mutex_unlock(&echo_lock);
    if (el) {
        libedit.set(el, EL_PREP_TERM, 1);
        repl_write_out("\r\033[J");
        libedit.set(el, EL_REFRESH);
    }
}

int repl_signals_next(void) {
    unsigned char byte;
    if (signal_pipe[0] < 0) return 0;
    return read(signal_pipe[0], &byte, 1) == 1 ? byte : 0;
}

// Keys typed while photorepl itself was reading the terminal (asking it what it can show), handed
// back to be read before the terminal.
static unsigned char type_ahead[4096];
static size_t type_ahead_length, type_ahead_next;

void repl_push_type_ahead(const unsigned char *bytes, size_t count) {
    if (type_ahead_next == type_ahead_length) type_ahead_next = type_ahead_length = 0;
    for (size_t i = 0; i < count && type_ahead_length < sizeof type_ahead; i++) type_ahead[type_ahead_length++] = bytes[i];
}

// The keys that send escape sequences libedit has bindings for (emacs mode; EditLineSource binds
// the ones terminfo may not name): arrows, Ctrl-arrows, Home, End, Delete, PageUp and PageDown, as CSI (ESC [) or SS3
// (ESC O). Any other sequence would reach the line as typed
// text after its ESC: Shift-PgUp's `ESC [ 5 ; 2 ~` typed `;2~`, a function key `~` or `P`.
static int libedit_knows(const unsigned char *sequence, size_t length) {
    static const char *known[] = {"[A", "[B", "[C", "[D", "[H", "[F", "[1~", "[3~", "[4~", "[5~", "[6~", "[7~", "[8~",
                                  "[1;5C", "[1;5D", "OA", "OB", "OC", "OD", "OH", "OF"};
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        if (strlen(known[i]) == length && memcmp(known[i], sequence, length) == 0) return 1;
    }
    return 0;
}

// The rest of a terminal's answer whose start the terminal query read before its time-out ran out
// (a slow link, an answer in pieces): it comes without its ESC, so nothing else would tell it from
// typed keys (`rm(390)` of `XTerm(390)`; a carriage return in it ran commands). Expected by the query
// (repl_expect_answer_tail), it is swallowed up to its end: BEL or ESC \ for a string, a final
// byte for a CSI sequence; after a lone ESC, what the next byte starts. Only bytes from the
// terminal, never keys handed back; and when nothing of it has come within a second of the query,
// it is expected no more.
typedef struct {
    int kind;    // REPL_TAIL_…, or 0: none expected
    int escape;  // a string's last byte was ESC
} answer_tail_state;
static answer_tail_state answer_tail;
static long long answer_tail_deadline;
static long long last_query;        // when the terminal was last asked (only then can an answer come late)

static long long now_milliseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

// A string's tail that starts just after an ESC is a string's, with that ESC remembered.
static answer_tail_state tail_of_kind(int kind) {
    if (kind == REPL_TAIL_STRING_AFTER_ESCAPE) return (answer_tail_state){.kind = REPL_TAIL_STRING, .escape = 1};
    return (answer_tail_state){.kind = kind, .escape = 0};
}

void repl_expect_answer_tail(int kind) {
    last_query = now_milliseconds();
    answer_tail = tail_of_kind(kind);
    answer_tail_deadline = last_query + 1000;
}

// What follows ESC in an APC, OSC or DCS string: a terminal's answer, ended by BEL or ESC \.
static int starts_string(unsigned char byte) { return byte == '_' || byte == ']' || byte == 'P'; }

// Whether `byte`, read from the terminal, is part of the expected answer's tail (and so dropped).
static int swallow_answer_tail(answer_tail_state *tail, unsigned char byte) {
    switch (tail->kind) {
    case REPL_TAIL_AFTER_ESCAPE:
        if (byte == '[') tail->kind = REPL_TAIL_CSI;
        else if (starts_string(byte)) tail->kind = REPL_TAIL_STRING;
        else { tail->kind = 0; return 0; }  // ESC and a key: not an answer
        return 1;
    case REPL_TAIL_STRING:
        if (byte == 0x07 || (tail->escape && byte == '\\')) tail->kind = 0;
        tail->escape = byte == 0x1B;
        return 1;
    case REPL_TAIL_CSI:
        // Parameter and intermediate bytes, then a final byte; anything else (Enter, a control, a
        // byte above ASCII) is no part of one: a key, handed on.
        if (byte < 0x20 || byte > 0x7E) { tail->kind = 0; return 0; }
        if (byte >= 0x40) tail->kind = 0;
        return 1;
    default:
        return 0;
    }
}

size_t repl_answer_tail_length(int kind, const unsigned char *bytes, size_t count) {
    answer_tail_state tail = tail_of_kind(kind);
    size_t swallowed = 0;
    while (swallowed < count && tail.kind && swallow_answer_tail(&tail, bytes[swallowed])) swallowed++;
    return swallowed;
}

// After an ESC: what follows it, read whole, then either handed back to libedit (a key it knows, an
// Alt-key, a lone Escape) or dropped (1). Dropped are a terminal's answers that came too late for the
// query that asked them (over a slow link, after the time-out: an APC string ESC _ …, a private-mode
// CSI ESC [ ? …, a window report) and keys libedit has no binding for (Shift-PgUp, F5, …): no key
// reaches the command line as the text of its sequence.
static int drop_escape_sequence(void) {
    unsigned char seen[4096];
    size_t count = 0;
    // What was handed back already comes first: it was read before what is still in the terminal.
    while (type_ahead_next < type_ahead_length && count < sizeof seen) seen[count++] = type_ahead[type_ahead_next++];
    type_ahead_next = type_ahead_length = 0;
    // A terminal writes a sequence at once, but a busy machine may hand it over in pieces: the wait
    // for the rest is as long as vim's usual key-code time-out (a lone Escape key pays it once).
    for (int reads = 0;; reads++) {
        int string = count >= 1 && starts_string(seen[0]);
        if (count >= 1 && seen[0] != '[' && seen[0] != 'O' && !string) break;  // Alt-key: libedit's
        if (string) {  // APC, OSC, DCS (a late background colour, name or capability): to ESC \ or BEL
            for (size_t k = 1; k < count; k++) {
                if (seen[k] == 0x07 || (seen[k] == '\\' && seen[k - 1] == 0x1B)) {
                    repl_push_type_ahead(seen + k + 1, count - k - 1);
                    return 1;
                }
            }
        }
        if (count >= 2 && seen[0] == 'O') {  // SS3 and one final byte
            int known = libedit_knows(seen, 2);
            repl_push_type_ahead(seen + (known ? 0 : 2), count - (known ? 0 : 2));
            return !known;
        }
        if (count >= 2 && seen[0] == '[') {  // CSI: parameter and intermediate bytes, then a final byte
            size_t k = 1;
            while (k < count && seen[k] >= 0x20 && seen[k] <= 0x3F) k++;
            if (k < count) {
                size_t end = k + 1;
                int known = seen[k] >= 0x40 && seen[k] <= 0x7E && libedit_knows(seen, end);
                repl_push_type_ahead(seen + (known ? 0 : end), count - (known ? 0 : end));
                return !known;
            }
        }
        if (reads == 3 || count == sizeof seen) break;
        struct pollfd input = {.fd = STDIN_FILENO, .events = POLLIN};
        int ready = poll(&input, 1, 100);
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) break;  // nothing more arrived: what is there is all there is
        ssize_t n = read(STDIN_FILENO, seen + count, sizeof seen - count);
        if (n <= 0) break;
        count += (size_t)n;
    }
    // A string or CSI sequence that has not ended, within half a minute of a query: the start of a
    // late answer, whose rest comes later still. Dropped, and the rest swallowed when it comes.
    // (Without a query, ESC P or ESC ] is a key: Alt-Shift-P, Alt-].)
    int unended_string = count >= 1 && starts_string(seen[0]);
    int unended_csi = count >= 1 && seen[0] == '[';
    if ((unended_string || unended_csi) && last_query > 0 && now_milliseconds() - last_query < 30000) {
        int kind = unended_string ? REPL_TAIL_STRING : REPL_TAIL_CSI;
        repl_expect_answer_tail(kind);
        answer_tail.escape = unended_string && count >= 2 && seen[count - 1] == 0x1B;
        return 1;
    }
    // A lone Escape, an Alt-key, or a sequence that never ended: libedit's to read, as typed.
    repl_push_type_ahead(seen, count);
    return 0;
}

// One byte to read: what was handed back first, then the terminal. 1: a byte; 0: end of input;
// -1: a signal ended the wait (in *signal_result, the value read_character returns).
static repl_resize_fn resize_hook;
void repl_el_set_resize_hook(repl_resize_fn hook) { resize_hook = hook; }

// Writes from other threads while the line editor waits for a key: the frames of an animation kitty
// plays, sent after the prompt is back. A write is done only while next_byte waits in poll, and whole
// before next_byte goes on (it takes the lock the write holds), so never inside libedit's own output.
// A key read, or a signal that ends the line, ends the stream: its later writes are refused.
static pthread_mutex_t prompt_stream_lock = PTHREAD_MUTEX_INITIALIZER;
static int editor_waiting;                // next_byte is in poll
static unsigned long open_stream, streams_begun;  // the stream that may write (0: none)

static void set_editor_waiting(int waiting) {
    pthread_mutex_lock(&prompt_stream_lock);
    editor_waiting = waiting;
    int streaming = open_stream != 0;
    pthread_mutex_unlock(&prompt_stream_lock);
    // While a stream may write, Ctrl-C must not flush the terminal's output: the flush cut a frame
    // in two, and the kernel's flush waits for a write under way to end while that write waited
    // for room only the flush would make (photorepl hung, 1 time in 8, at Ctrl-C while sending).
    // libedit puts its own settings back when the line ends.
    struct termios now;
    if (waiting && streaming && tcgetattr(STDIN_FILENO, &now) == 0 && !(now.c_lflag & NOFLSH)) {
        now.c_lflag |= NOFLSH;
        tcsetattr(STDIN_FILENO, TCSANOW, &now);
    }
}

// A key or an ending signal came: whatever was being sent stops here.
static void end_prompt_stream_for_key(void) {
    pthread_mutex_lock(&prompt_stream_lock);
    open_stream = 0;
    pthread_mutex_unlock(&prompt_stream_lock);
}

unsigned long repl_prompt_stream_begin(void) {
    pthread_mutex_lock(&prompt_stream_lock);
    open_stream = ++streams_begun;
    unsigned long stream = open_stream;
    pthread_mutex_unlock(&prompt_stream_lock);
    return stream;
}

void repl_prompt_stream_end(unsigned long stream) {
    pthread_mutex_lock(&prompt_stream_lock);
    if (open_stream == stream) open_stream = 0;
    pthread_mutex_unlock(&prompt_stream_lock);
}

int repl_prompt_stream_is_open(unsigned long stream) {
    pthread_mutex_lock(&prompt_stream_lock);
    int open = stream != 0 && open_stream == stream;
    pthread_mutex_unlock(&prompt_stream_lock);
    return open;
}

int repl_prompt_stream_write(unsigned long stream, const unsigned char *bytes, size_t count) {
    pthread_mutex_lock(&prompt_stream_lock);
    if (stream == 0 || open_stream != stream) {
        pthread_mutex_unlock(&prompt_stream_lock);
        return 0;
    }
    if (!editor_waiting) {
        pthread_mutex_unlock(&prompt_stream_lock);
        return -1;
    }
    while (count > 0) {
        ssize_t n = write(STDOUT_FILENO, bytes, count);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {  // the terminal is gone or refuses: nothing more is sent
            open_stream = 0;
            pthread_mutex_unlock(&prompt_stream_lock);
            return 0;
        }
        bytes += n;
        count -= (size_t)n;
    }
    pthread_mutex_unlock(&prompt_stream_lock);
    return 1;
}

static int next_byte(EditLine *el, unsigned char *byte, wchar_t *out, int *signal_result) {
    if (type_ahead_next < type_ahead_length) {
        *byte = type_ahead[type_ahead_next++];
        end_prompt_stream_for_key();
        return 1;
    }
    for (;;) {
        struct pollfd fds[2] = {{.fd = STDIN_FILENO, .events = POLLIN}, {.fd = signal_pipe[0], .events = POLLIN}};
        if (answer_tail.kind && now_milliseconds() > answer_tail_deadline) {
            // What is there already is read as the tail; with nothing there, none is coming.
            struct pollfd input = {.fd = STDIN_FILENO, .events = POLLIN};
            if (poll(&input, 1, 0) <= 0) answer_tail.kind = 0;
        }
        // While a tail is expected, the wait ends at its deadline: a key typed after it is a key
        // (the wait was for ever, and `state` typed seconds after a cursor report cut off at
        // `ESC [ 12 ;` ran as `tate`, its `s` taken for the report's final byte).
        long long left = answer_tail.kind ? answer_tail_deadline - now_milliseconds() : -1;
        set_editor_waiting(1);
        int ready = poll(fds, signal_pipe[0] >= 0 ? 2 : 1, answer_tail.kind ? (int)(left > 0 ? left : 0) : -1);
        set_editor_waiting(0);
        if (ready < 0) {
            if (errno == EINTR) continue;
            *signal_result = -1;
            return -1;
        }
        if (ready == 0) {
            answer_tail.kind = 0;  // the deadline passed with nothing come: none is coming
            continue;
        }
        if (signal_pipe[0] >= 0 && (fds[1].revents & POLLIN)) {
            int signo;
            while ((signo = repl_signals_next()) != 0) {
                if (signo == SIGTSTP) {
                    repl_suspend(el);
                    continue;
                }
                if (signo == SIGWINCH) {
                    // Learn the new size, then draw the prompt and line again from the start of the
                    // row: the terminal has reflowed the old drawing, so libedit's idea of it is stale.
                    libedit.resize(el);
                    // The app tidies what a smaller window would lay over the reflowed text
                    // (kitty's pictures), as it does before each prompt.
                    if (resize_hook) resize_hook(el);
                    repl_write_out("\r\033[J");
                    libedit.set(el, EL_REFRESH);
                    continue;
                }
                reader_signal = signo;
                end_prompt_stream_for_key();
                *out = L'\0';
                *signal_result = -1;
                return -1;
            }
        }
        if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
            ssize_t n = read(STDIN_FILENO, byte, 1);
            if (n == 0) return 0;
            if (n < 0) {
                if (errno == EINTR || errno == EAGAIN) continue;
                *signal_result = -1;
                return -1;
            }
            if (answer_tail.kind && swallow_answer_tail(&answer_tail, *byte)) continue;
            end_prompt_stream_for_key();
            return 1;
        }
    }
}

// EL_GETCFN: one wide character from the terminal, or -1 to end el_gets when a signal asks for it.
static int read_character(EditLine *el, wchar_t *out) {
    mbstate_t state;
    memset(&state, 0, sizeof state);
    for (;;) {
        unsigned char byte;
        int result = 0;
        int got = next_byte(el, &byte, out, &result);
        if (got <= 0) return got == 0 ? 0 : result;
        if (byte == 0x1B && drop_escape_sequence()) continue;
        char c = (char)byte;
        size_t used = mbrtowc(out, &c, 1, &state);
        if (used == (size_t)-2) continue;  // more bytes of this character to come
        if (used == (size_t)-1) {          // not UTF-8: drop the byte, start afresh
            memset(&state, 0, sizeof state);
            continue;
        }
        return 1;
    }
}

int repl_el_use_reader(EditLine *el) { return libedit.set(el, EL_GETCFN, read_character); }

int repl_el_take_signal(void) {
    int signo = reader_signal;
    reader_signal = 0;
    return signo;
}

void repl_write_out(const char *text) {
    size_t left = strlen(text);
    while (left > 0) {
        ssize_t n = write(STDOUT_FILENO, text, left);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        text += n;
        left -= (size_t)n;
    }
}

// Whether photorepl is the terminal's foreground: a background process that sets the terminal's
// modes is stopped (SIGTTOU), so it leaves them alone.
static int in_foreground(void) { return tcgetpgrp(STDIN_FILENO) == getpgrp(); }

static void echo_back_now(void) {  // async-signal-safe: tcgetattr and tcsetattr only
    if (!echo_hidden) return;
    struct termios now;
    // Only the echo bits: anything else set meanwhile (by a terminal query's raw mode) stays as it is.
    if (tcgetattr(STDIN_FILENO, &now) == 0) {
        now.c_lflag = (now.c_lflag & ~(tcflag_t)(ECHO | ECHOCTL)) | (echo_saved.c_lflag & (ECHO | ECHOCTL));
        tcsetattr(STDIN_FILENO, TCSANOW, &now);
    }
    echo_hidden = 0;
}

static void echo_off_now(void) {
    if (echo_hidden || !isatty(STDIN_FILENO) || !in_foreground() || tcgetattr(STDIN_FILENO, &echo_saved) != 0) return;
    struct termios quiet = echo_saved;
    quiet.c_lflag &= ~(tcflag_t)(ECHO | ECHOCTL);
    if (tcsetattr(STDIN_FILENO, TCSANOW, &quiet) == 0) echo_hidden = 1;
}

// A crash while the echo is off would leave the shell without it: the fatal signals put the echo
// back, then go on to whatever handled them before (Swift's backtracer, or the default: a core dump,
// the same exit status). On the alternate stack when there is one: a stack overflow has no other.
static const int fatal_signals[] = {SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGQUIT};
static struct sigaction fatal_previous[sizeof fatal_signals / sizeof fatal_signals[0]];

static void on_fatal_signal(int signo, siginfo_t *info, void *context) {
    (void)info;
    (void)context;
    echo_back_now();
    for (size_t i = 0; i < sizeof fatal_signals / sizeof fatal_signals[0]; i++) {
        if (fatal_signals[i] == signo) sigaction(signo, &fatal_previous[i], NULL);
    }
    raise(signo);  // delivered on return (it is blocked in its own handler), to the previous handler
}

static void restore_echo_on_exit_and_crashes(void) {
    static int installed;
    if (installed) return;
    installed = 1;
    // However photorepl ends (quit, a signal's orderly exit, an error), the shell gets its echo back.
    atexit(repl_echo_restore);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_fatal_signal;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < sizeof fatal_signals / sizeof fatal_signals[0]; i++) {
        sigaction(fatal_signals[i], &action, &fatal_previous[i]);
    }
}

void repl_echo_hide(void) {
    pthread_mutex_lock(&echo_lock);
    restore_echo_on_exit_and_crashes();
    command_running = 1;
    echo_off_now();
    pthread_mutex_unlock(&echo_lock);
}

void repl_echo_restore(void) {
    pthread_mutex_lock(&echo_lock);
    command_running = 0;
    if (in_foreground()) echo_back_now();
    pthread_mutex_unlock(&echo_lock);
}
