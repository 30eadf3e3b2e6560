// Typed, non-variadic wrappers around libedit (histedit.h), which is loaded with dlopen.
// Swift cannot call the variadic el_set/el_get/history, and in Swift 6 mode it cannot name
// Glibc's stdin/stdout/stderr globals, so el_init is done here too.
#ifndef CLIBEDIT_H
#define CLIBEDIT_H

#include <histedit.h>
#include <stddef.h>

/// Loads libedit (once; it is not linked, so that scripts never pay for it). NULL when it is
/// loaded; else why not, in one line naming the Debian package. Call it before any function below.
const char *repl_libedit_load(void);

/// el_init("photorepl", stdin, stdout, stderr). The program name scopes `photorepl:` lines in ~/.editrc.
EditLine *repl_el_init(const char *program);
void repl_el_end(EditLine *el);
const char *repl_el_gets(EditLine *el, int *count);
int repl_el_source(EditLine *el, const char *path);
const LineInfo *repl_el_line(EditLine *el);
int repl_el_insertstr(EditLine *el, const char *text);
int repl_el_cursor(EditLine *el, int count);
/// Deletes `count` characters before the cursor.
void repl_el_deletestr(EditLine *el, int count);
History *repl_history_init(void);
void repl_history_end(History *h);

typedef char *(*repl_prompt_fn)(EditLine *);
typedef unsigned char (*repl_command_fn)(EditLine *, int);

int repl_el_set_prompt(EditLine *el, repl_prompt_fn fn);
int repl_el_set_editor(EditLine *el, const char *mode);
// Whether the key map is emacs's (not vi's, which `bind -v` in ~/.editrc chooses).
int repl_el_is_emacs(EditLine *el);
int repl_el_set_clientdata(EditLine *el, void *data);
void *repl_el_get_clientdata(EditLine *el);
int repl_el_set_history(EditLine *el, History *h);
int repl_el_addfn(EditLine *el, const char *name, const char *help, repl_command_fn fn);
int repl_el_bind(EditLine *el, const char *key, const char *command);
/// Terminal width in columns (EL_GETTC "co"), or -1.
int repl_el_columns(EditLine *el);

int repl_history_setsize(History *h, int size);
int repl_history_setunique(History *h, int on);
int repl_history_enter(History *h, const char *line);
int repl_history_load(History *h, const char *path);
int repl_history_save(History *h, const char *path);


// MARK: Signals and input
//
// Signal handlers only write the signal's number to a pipe (async-signal-safe). While a line is being
// edited, photorepl's own character reader (EL_GETCFN) waits on both the terminal and that pipe: a
// resize redraws the line, and Ctrl-C, SIGTERM or SIGHUP end the line being read, so el_gets returns.
// While a command runs, the engine's watcher reads the pipe instead.

/// Installs the handlers for SIGINT, SIGTERM, SIGHUP and SIGWINCH. Returns the pipe's read end, or -1.
int repl_signals_install(void);
/// The read end of the signal pipe (-1 before install).
int repl_signals_fd(void);
/// For scripts (`run`): installs the handlers for SIGINT, SIGTERM and SIGHUP only (Ctrl-Z and a resize
/// keep their defaults; a signal the shell ignores stays ignored), which also note the first of them for
/// `repl_signals_stopping`. Returns the pipe's read end, or -1.
int repl_signals_install_for_scripts(void);
/// The first SIGINT, SIGTERM or SIGHUP since `repl_signals_install_for_scripts`, or 0.
int repl_signals_stopping(void);

/// Ctrl-Z: restores the terminal (when `el` is editing), stops the process, and after SIGCONT puts
/// the terminal back into libedit's mode and redraws the line.
void repl_suspend(EditLine *el);
/// Reads one pending signal number from the pipe without blocking; 0 if there is none.
int repl_signals_next(void);
/// Puts photorepl's character reader in place: it decodes UTF-8 with the C library and watches signals.
int repl_el_use_reader(EditLine *el);

/// Hands back keys typed while photorepl read the terminal for its own reasons: the line editor
/// reads them before the terminal.
void repl_push_type_ahead(const unsigned char *bytes, size_t count);

/// The rest of a terminal's answer that was cut off when the query's time-out ran out: swallowed
/// when it comes, never read as typed keys.
enum { REPL_TAIL_AFTER_ESCAPE = 1, REPL_TAIL_STRING = 2, REPL_TAIL_CSI = 3, REPL_TAIL_STRING_AFTER_ESCAPE = 4 };
void repl_expect_answer_tail(int kind);
/// How many of `bytes`, read after an answer cut off as `kind`, are the rest of that answer (the
/// line editor's rule, for tests and the fuzzer).
size_t repl_answer_tail_length(int kind, const unsigned char *bytes, size_t count);
/// The signal that ended the last el_gets (SIGINT, SIGTERM, SIGHUP), or 0; cleared by reading it.
int repl_el_take_signal(void);
/// Called while a line is being edited and the window's size changed, before the prompt and line
/// are drawn again (the app tidies what the smaller window would lay over the text).
typedef void (*repl_resize_fn)(EditLine *el);
void repl_el_set_resize_hook(repl_resize_fn hook);
/// A stream of writes to standard output from any thread while the line editor waits for a key
/// (an animation's frames sent after the prompt is back): each write is done only while the editor
/// waits, whole before it reads a key, never inside its own output. The first key read or signal
/// that ends a line ends the stream, as does repl_prompt_stream_end; one stream is open at a time.
unsigned long repl_prompt_stream_begin(void);
void repl_prompt_stream_end(unsigned long stream);
int repl_prompt_stream_is_open(unsigned long stream);
/// 1: written whole; 0: the stream has ended (nothing written); -1: not now, the editor is not
/// waiting for a key (try again later).
int repl_prompt_stream_write(unsigned long stream, const unsigned char *bytes, size_t count);
/// Writes bytes straight to standard output (for completion lists while editing).
void repl_write_out(const char *text);

// While a command runs (between two lines read), the terminal echoes nothing: Ctrl-C's `^C` and keys
// typed ahead would land inside the command's output and pictures. Keys typed ahead are still read,
// and shown, at the next prompt. repl_echo_hide saves the settings it changes; repl_echo_restore
// puts them back (before libedit reads a line, and at the end); each is harmless when not needed.
void repl_echo_hide(void);
void repl_echo_restore(void);

#endif
