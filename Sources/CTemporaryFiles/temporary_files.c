#define _GNU_SOURCE
#include "CTemporaryFiles.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

// A fixed table, so that the signal handler reads it without allocating or locking: a slot's path is
// written before `used` is set, and `used` is cleared before the slot is written again.
// 64: a file being replaced on each thread, and a screenful of kitty thumbnails handed over.
enum { SLOTS = 64 };
static char paths[SLOTS][PATH_MAX];
static volatile sig_atomic_t used[SLOTS];
// Whether a slot holds a shared memory object's name rather than a path.
static volatile sig_atomic_t shared[SLOTS];
static pthread_mutex_t claiming = PTHREAD_MUTEX_INITIALIZER;
static struct sigaction previous[NSIG];
static int installed = 0;

static void remove_all(void) {
    for (int i = 0; i < SLOTS; i++) {
        if (used[i]) {
            // (shm_unlink is not on POSIX's list of async-signal-safe functions; on Linux it is an
            // unlink(2) in /dev/shm, and a process that ends has no lock left to take.)
            if (shared[i]) shm_unlink(paths[i]);
            else unlink(paths[i]);
        }
    }
}

static void on_signal(int signo) {
    struct sigaction *before = &previous[signo];
    if (before->sa_handler != SIG_DFL || (before->sa_flags & SA_SIGINFO)) {
        // Someone else's: the interactive session ends gracefully, and the files' owners remove them.
        if (before->sa_flags & SA_SIGINFO) {
            if (before->sa_sigaction) before->sa_sigaction(signo, NULL, NULL);
        } else if (before->sa_handler != SIG_IGN) {
            before->sa_handler(signo);
        }
        return;
    }
    // The signal ends the process: nothing half-written is left, then it ends as it would have.
    remove_all();
    signal(signo, SIG_DFL);
    raise(signo);
}

// The signals that end the process with a core dump (Ctrl-\ is SIGQUIT) or a crash: no one handles
// them gracefully, so what is listed is removed, then the signal goes on to whoever had it before
// (Swift's backtracer in a debug build, the line editor's echo, or the default), as if it had come
// to them: their handler is called with the signal's own information (a handler that re-raised it
// would be told it came from this process), or the default action is taken.
static const int ending_signals[] = {SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP};
static struct sigaction ending_previous[sizeof ending_signals / sizeof ending_signals[0]];

static void on_ending_signal(int signo, siginfo_t *info, void *context) {
    remove_all();
    for (size_t i = 0; i < sizeof ending_signals / sizeof ending_signals[0]; i++) {
        if (ending_signals[i] != signo) continue;
        struct sigaction *before = &ending_previous[i];
        sigaction(signo, before, NULL);
        if (before->sa_flags & SA_SIGINFO) {
            if (before->sa_sigaction) before->sa_sigaction(signo, info, context);
        } else if (before->sa_handler == SIG_DFL) {
            raise(signo);  // delivered on return (it is blocked in its handler): the default action
        } else if (before->sa_handler != SIG_IGN) {
            before->sa_handler(signo);
        }
    }
}

static void install(void) {
    for (size_t i = 0; i < sizeof ending_signals / sizeof ending_signals[0]; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = on_ending_signal;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_SIGINFO | SA_ONSTACK;
        sigaction(ending_signals[i], &action, &ending_previous[i]);
        if (ending_previous[i].sa_handler == SIG_IGN && !(ending_previous[i].sa_flags & SA_SIGINFO)) {
            sigaction(ending_signals[i], &ending_previous[i], NULL);
        }
    }
    int signals[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = on_signal;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESTART;
        sigaction(signals[i], &action, &previous[signals[i]]);
        // An ignored signal stays ignored (nohup).
        if (previous[signals[i]].sa_handler == SIG_IGN && !(previous[signals[i]].sa_flags & SA_SIGINFO)) {
            sigaction(signals[i], &previous[signals[i]], NULL);
        }
    }
    // Past a file-size limit (ulimit -f) a write fails with EFBIG, said and handled like a full disk,
    // instead of SIGXFSZ ending the process with the temporary file left behind.
    signal(SIGXFSZ, SIG_IGN);
    atexit(remove_all);
}

static int remember(const char *path, int is_shared) {
    if (strlen(path) >= PATH_MAX) return -1;
    pthread_mutex_lock(&claiming);
    if (!installed) {
        install();
        installed = 1;
    }
    int slot = -1;
    for (int i = 0; i < SLOTS; i++) {
        if (!used[i]) {
            strcpy(paths[i], path);
            shared[i] = is_shared;
            used[i] = 1;
            slot = i;
            break;
        }
    }
    pthread_mutex_unlock(&claiming);
    return slot;
}

int temporary_files_remember(const char *path) { return remember(path, 0); }

int temporary_files_remember_shared_memory(const char *name) { return remember(name, 1); }

void temporary_files_forget(int slot) {
    if (slot < 0 || slot >= SLOTS) return;
    pthread_mutex_lock(&claiming);
    used[slot] = 0;
    pthread_mutex_unlock(&claiming);
}

long temporary_files_copy_range(int in, long long offset, int out, unsigned long count) {
#if defined(__linux__)
    off_t from = (off_t)offset;
    return (long)copy_file_range(in, &from, out, NULL, count, 0);
#else
    (void)in, (void)offset, (void)out, (void)count;
    errno = ENOSYS;
    return -1;
#endif
}

int temporary_files_rename_noreplace(const char *from, const char *to) {
#if defined(__linux__) && defined(RENAME_NOREPLACE)
    return renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE);
#else
    (void)from, (void)to;
    errno = ENOSYS;
    return -1;
#endif
}

int temporary_files_start_writeback(int fd) {
#if defined(__linux__)
    return sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE);
#else
    (void)fd;
    errno = ENOSYS;
    return -1;
#endif
}
