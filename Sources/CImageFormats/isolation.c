// Third-party decoders (libheif, libtiff, libjxl, libraw, libwebp, giflib, libpng, libavif) run in a child process of their own: a
// crash ends the child, not the session; a hang or a balloon is ended by the parent's deadline, the
// child's CPU limit and its address-space limit; Ctrl-C kills it. The child is forked, not executed:
// the libraries are already loaded (and tests, which are no photorepl binary, work the same), and it
// runs only C, never Swift, between the fork and its _exit. Its pixels come back through a shared
// mapping made before the fork.
#define _GNU_SOURCE
#include "CImageFormats.h"
#include "loading.h"
#include <errno.h>
#include <fcntl.h>
#ifdef __GLIBC__
#include <malloc.h>  // mallopt
#endif
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#ifdef __linux__
#include <sys/prctl.h>  // PR_SET_PDEATHSIG
#endif
#include <sys/resource.h>
#include <sys/socket.h>
#ifndef MSG_NOSIGNAL
#define MSG_NOSIGNAL 0  // macOS: SO_NOSIGPIPE on the socket instead
#endif
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

// MARK: - The budget of decodes in flight

static pthread_mutex_t budget_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t budget_freed = PTHREAD_COND_INITIALIZER;
static size_t budget_total = (size_t)PHOTOREPL_DECODE_BUDGET_MB << 20;
static size_t budget_used = 0;
// Decodes are let in in the order they asked (a ticket each): a large one waiting for the budget
// to empty is not passed for ever by small ones, which would keep their threads waiting too.
static unsigned long next_ticket = 1, serving = 1;
// Tickets given up (an interrupt while waiting) that have not come up yet.
static unsigned long abandoned[64];
static int abandoned_count = 0;

size_t photorepl_budget_total(void) { return budget_total; }

// Moves `serving` past the tickets given up. Called with the lock held.
static void skip_abandoned(void) {
    for (int i = 0; i < abandoned_count;) {
        if (abandoned[i] == serving) {
            serving++;
            abandoned[i] = abandoned[--abandoned_count];
            i = 0;
        } else {
            i++;
        }
    }
}

int photorepl_budget_reserve(size_t bytes, int milliseconds, unsigned long *ticket) {
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += milliseconds / 1000;
    until.tv_nsec += (long)(milliseconds % 1000) * 1000000L;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec += 1;
        until.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&budget_lock);
    if (*ticket == 0) *ticket = next_ticket++;
    // A decode alone is never kept waiting (the caller refuses one larger than the whole budget).
    while (*ticket != serving || (budget_used > 0 && budget_used + bytes > budget_total)) {
        if (pthread_cond_timedwait(&budget_freed, &budget_lock, &until) == ETIMEDOUT) {
            pthread_mutex_unlock(&budget_lock);
            return 0;
        }
    }
    budget_used += bytes;
    serving++;
    skip_abandoned();
    pthread_cond_broadcast(&budget_freed);
    pthread_mutex_unlock(&budget_lock);
    return 1;
}

void photorepl_budget_abandon(unsigned long ticket) {
    if (ticket == 0) return;
    pthread_mutex_lock(&budget_lock);
    if (ticket == serving) {
        serving++;
        skip_abandoned();
    } else if (ticket > serving && abandoned_count < (int)(sizeof abandoned / sizeof abandoned[0])) {
        abandoned[abandoned_count++] = ticket;
    }
    pthread_cond_broadcast(&budget_freed);
    pthread_mutex_unlock(&budget_lock);
}

void photorepl_budget_release(size_t bytes) {
    pthread_mutex_lock(&budget_lock);
    budget_used -= bytes < budget_used ? bytes : budget_used;
    pthread_cond_broadcast(&budget_freed);
    pthread_mutex_unlock(&budget_lock);
}

// MARK: - Forks and in-process calls

// In-process calls into the libraries (reading a HEIF's or JPEG XL's header) hold this shared; a fork
// holds it exclusively, so that no library lock is held by another thread at the moment of the fork
// (the child would wait for it for ever: only the forking thread lives on in it).
static pthread_rwlock_t library_calls = PTHREAD_RWLOCK_INITIALIZER;
void photorepl_library_call_begin(void) { pthread_rwlock_rdlock(&library_calls); }
void photorepl_library_call_end(void) { pthread_rwlock_unlock(&library_calls); }

// What the child writes back, at the start of the shared mapping; the pixels follow it.
typedef struct {
    int finished;
    int width, height;
    size_t bytes;
    char message[256];
} answer;

struct photorepl_isolated {
    pid_t pid;
    int pipe;  // the read end; the child holds the write end until it ends
    answer *shared;
    size_t mapped;
    int status;
    int reaped;
};

// The address space the process has now (from /proc/self/statm, in pages), or 0 where there is no
// /proc (macOS: then no address-space limit is set, which macOS would not enforce anyway).
static size_t address_space_now(void) {
    int fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    char text[128];
    ssize_t n = read(fd, text, sizeof text - 1);
    close(fd);
    if (n <= 0) return 0;
    text[n] = 0;
    return (size_t)strtoull(text, NULL, 10) * (size_t)sysconf(_SC_PAGESIZE);
}

// The decoders the tests use to prove the isolation itself: a crash, an endless loop, an allocation
// without end. Never chosen by a file's content.
static void test_decoder(int which, photorepl_decoded *out) {
    begin(out);
    if (which == PHOTOREPL_ISOLATED_TEST_CRASH) {
        raise(SIGSEGV);
    } else if (which == PHOTOREPL_ISOLATED_TEST_HANG) {
        for (volatile unsigned long i = 0;; i++) {}
    } else if (which == PHOTOREPL_ISOLATED_TEST_BALLOON) {
        for (;;) {
            unsigned char *block = malloc(16 << 20);
            if (!block) {
                say(out->message, sizeof out->message, "out of memory");
                return;
            }
            memset(block, 1, 16 << 20);
        }
    }
}

static void run_decoder(const photorepl_isolated_request *request, photorepl_decoded *out) {
    switch (request->decoder) {
    case PHOTOREPL_ISOLATED_HEIF:
        photorepl_heif_decode(request->data, request->size, request->max_pixels, request->item, request->factor, out);
        break;
    case PHOTOREPL_ISOLATED_TIFF:
        photorepl_tiff_decode(request->data, request->size, request->width, request->height, request->orientation,
                              request->factor, request->memory, out);
        break;
    case PHOTOREPL_ISOLATED_JXL:
        photorepl_jxl_decode(request->data, request->size, request->max_pixels, request->factor, out);
        break;
    case PHOTOREPL_ISOLATED_RAW:
        photorepl_raw_decode(request->data, request->size, request->half, request->max_pixels, request->memory, out);
        break;
    case PHOTOREPL_ISOLATED_HEIF_TILES:
        photorepl_heif_decode_tiles(request->data, request->tile_offsets, request->first_tile, request->tile_count, request->columns,
                                    request->tile_width, request->tile_height, request->width, request->height, request->factor, out);
        break;
    case PHOTOREPL_ISOLATED_WEBP:
        photorepl_webp_decode(request->data, request->size, request->width, request->height, out);
        break;
    case PHOTOREPL_ISOLATED_GIF:
        photorepl_gif_decode(request->data, request->size, request->width, request->height, request->factor, out);
        break;
    case PHOTOREPL_ISOLATED_LIBPNG: {
        begin(out);
        size_t bytes = (size_t)request->width * (size_t)request->height * 4;
        unsigned char *pixels = output(out, bytes);
        char text[200] = {0};
        if (!pixels) {
            say(out->message, sizeof out->message, "out of memory");
            break;
        }
        memset(pixels, 0, bytes);
        int result = photorepl_png_by_libpng(request->data, request->size, pixels, request->width, request->height, text, sizeof text);
        if (result == PHOTOREPL_PNG_DONE) {
            out->rgba = pixels;
            out->width = request->width;
            out->height = request->height;
            break;
        }
        if (pixels != out->into) free(pixels);
        if (result == PHOTOREPL_PNG_MISSING) {
            say(out->message, sizeof out->message, "%s", text);
        } else if (result == PHOTOREPL_PNG_CUT_OR_CORRUPT && (strstr(text, "EOF") || strstr(text, "end") || strstr(text, "short"))) {
            say(out->message, sizeof out->message, "the PNG file is truncated (%s)", text);
        } else {
            say(out->message, sizeof out->message, "corrupt PNG: %s", text);
        }
        break;
    }
    default:
        test_decoder(request->decoder, out);
    }
}

// Closes every descriptor from 3 on but `keep` and `also` (-1: none): the write ends of other
// children's pipes, made by other threads, were copied by the fork too, and would keep those open
// (their parents wait for the pipe to close) for as long as this child lives.
static void close_all_but(int keep, int also) {
    int low = also >= 0 && also < keep ? also : keep, high = also >= 0 && also > keep ? also : keep;
#ifdef __GLIBC__
    if (low > 3) close_range(3, (unsigned)low - 1, 0);
    if (high > low + 1) close_range((unsigned)low + 1, (unsigned)high - 1, 0);
    close_range((unsigned)high + 1, ~0U, 0);
#else
    // No close_range (macOS, musl): each descriptor in turn.
    long most = sysconf(_SC_OPEN_MAX);
    for (int fd = 3; fd < (most > 0 && most < 65536 ? (int)most : 65536); fd++) {
        if (fd != low && fd != high) close(fd);
    }
#endif
}

// Processor time for `seconds` more of the deadline, on every core, and a little (a decoder's threads
// add up theirs), past what this child has used. `per_task`: for a child that lives through many
// tasks (an animation's frames), the hard limit is left open so that the next task can be given its
// own; at the soft one SIGXCPU ends the child all the same. An animation's child had one limit for
// its whole life: 20 s of frames, and it was ended mid-play.
static void allow_processor_time(int seconds, int per_task) {
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    rlim_t allowed = (rlim_t)(seconds + 2) * (rlim_t)(cores > 0 ? cores : 1);
    struct rusage used;
    if (per_task && getrusage(RUSAGE_SELF, &used) == 0) allowed += (rlim_t)(used.ru_utime.tv_sec + used.ru_stime.tv_sec) + 1;
    struct rlimit cpu = {allowed, per_task ? RLIM_INFINITY : allowed + 1};
    setrlimit(RLIMIT_CPU, &cpu);
}

// What every child does first: signals as the parent wants them, only its own pipes open, and its
// limits (processor `seconds`, `memory` of address space over what the parent had); `per_task` as
// allow_processor_time says.
static void confine(int seconds, size_t memory, int pipe_end, int other_pipe_end, int per_task) {
    // Ctrl-C reaches the whole foreground group: the parent decides (it kills this child). The
    // parent's handlers write into its signal pipe: none of them may run here.
    signal(SIGINT, SIG_IGN);
    signal(SIGTSTP, SIG_IGN);
    signal(SIGTERM, SIG_DFL);
    signal(SIGHUP, SIG_DFL);
    signal(SIGWINCH, SIG_DFL);
    signal(SIGQUIT, SIG_DFL);
    signal(SIGPIPE, SIG_DFL);
    // A crash ends the child at once, as the default does: the Swift runtime's crash handler would
    // print a backtrace of the whole parent's threads.
    int crashes[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS, SIGXCPU};
    for (size_t i = 0; i < sizeof crashes / sizeof crashes[0]; i++) signal(crashes[i], SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    pthread_sigmask(SIG_SETMASK, &none, NULL);
    // Only the pipes to this child's parent stay open.
    close_all_but(pipe_end, other_pipe_end);
#ifdef __linux__
    // Linux sends it when the *thread* that forked the child ends, not the process: a still
    // picture's child is waited for by that thread, but an animation's lives on while its frames
    // are asked for from other threads, and the pool's thread that forked it may end meanwhile,
    // killing it mid-play ("giflib ended while it played this file"). An animation's child ends
    // instead when the parent's end of its pipe closes, as it does when the parent dies.
    if (!per_task) prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    // (Without a parent-death signal, as on macOS, a child whose parent dies while it decodes is
    // ended by its CPU limit; one whose parent is gone already, here.)
    if (getppid() == 1) _exit(1);
    // No core file of a crash; processor time a little over the parent's deadline; the address space the
    // parent had, and the decode's share of the budget over it (a thread's stack and a malloc
    // arena are address space too: one arena, some room for libraries' threads).
    struct rlimit none_at_all = {0, 0};
    setrlimit(RLIMIT_CORE, &none_at_all);
    allow_processor_time(seconds, per_task);
#ifdef __GLIBC__
    mallopt(M_ARENA_MAX, 1);
#endif
    size_t now = address_space_now();
    if (now > 0 && memory > 0) {
        rlim_t limit = (rlim_t)(now + memory + ((size_t)64 << 20));
        struct rlimit space = {limit, limit};
        setrlimit(RLIMIT_AS, &space);
    }
}

// The child: limits, the decode, the answer, _exit. Nothing here returns.
static void child(const photorepl_isolated_request *request, answer *shared, size_t capacity, int pipe_end) {
    confine(request->seconds, request->memory, pipe_end, -1, 0);
    photorepl_decoded out;
    memset(&out, 0, sizeof out);
    unsigned char *pixels = (unsigned char *)(shared + 1);
    out.into = request->known_size ? pixels : NULL;
    out.capacity = request->known_size ? capacity : 0;
    run_decoder(request, &out);
    if (out.rgba) {
        size_t bytes = (size_t)out.width * (size_t)out.height * 4;
        if (out.rgba != pixels) {
            if (bytes <= capacity) {
                memcpy(pixels, out.rgba, bytes);
            } else {
                say(out.message, sizeof out.message, "the decoded picture (%dx%d) is larger than photorepl asked for", out.width, out.height);
                bytes = 0;
            }
            free(out.rgba);
        }
        shared->width = bytes ? out.width : 0;
        shared->height = bytes ? out.height : 0;
        shared->bytes = bytes;
    }
    memcpy(shared->message, out.message, sizeof shared->message);
    __atomic_store_n(&shared->finished, 1, __ATOMIC_RELEASE);
    close(pipe_end);
    _exit(0);
}

// A pipe whose ends are close-on-exec: made so at once by pipe2 (Linux), else by pipe and fcntl.
static int cloexec_pipe(int ends[2]) {
#ifdef __linux__
    return pipe2(ends, O_CLOEXEC);
#else
    if (pipe(ends) != 0) return -1;
    if (fcntl(ends[0], F_SETFD, FD_CLOEXEC) != 0 || fcntl(ends[1], F_SETFD, FD_CLOEXEC) != 0) {
        int saved = errno;
        close(ends[0]);
        close(ends[1]);
        errno = saved;
        return -1;
    }
    return 0;
#endif
}

photorepl_isolated *photorepl_isolated_start(const photorepl_isolated_request *request, char *message, size_t message_size) {
    photorepl_isolated *isolated = calloc(1, sizeof *isolated);
    if (!isolated) {
        say(message, message_size, "out of memory");
        return NULL;
    }
    size_t capacity = request->output_capacity;
    isolated->mapped = sizeof(answer) + capacity;
    // Shared with the child; pages cost nothing until written.
    void *mapping = mmap(NULL, isolated->mapped, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    int ends[2];
    if (mapping == MAP_FAILED) {
        say(message, message_size, "cannot map %zu bytes for the decoded picture: %s", isolated->mapped, strerror(errno));
        free(isolated);
        return NULL;
    }
    if (cloexec_pipe(ends) != 0) {
        say(message, message_size, "cannot make a pipe for the decoder: %s", strerror(errno));
        munmap(mapping, isolated->mapped);
        free(isolated);
        return NULL;
    }
    isolated->shared = mapping;
    isolated->pipe = ends[0];
    switch (request->decoder) {
    case PHOTOREPL_ISOLATED_HEIF: photorepl_heif_load(); break;
    case PHOTOREPL_ISOLATED_HEIF_TILES: photorepl_heif_load(); break;
    case PHOTOREPL_ISOLATED_TIFF: photorepl_tiff_load(); break;
    case PHOTOREPL_ISOLATED_JXL: photorepl_jxl_load(); break;
    case PHOTOREPL_ISOLATED_RAW: photorepl_raw_load(); break;
    case PHOTOREPL_ISOLATED_WEBP: photorepl_webp_load(); break;
    case PHOTOREPL_ISOLATED_GIF: photorepl_gif_load(); break;
    case PHOTOREPL_ISOLATED_LIBPNG: photorepl_libpng_load(); break;
    }
    pthread_rwlock_wrlock(&library_calls);
    pid_t pid = fork();
    if (pid == 0) {
        close(ends[0]);
        child(request, mapping, capacity, ends[1]);
    }
    int forked = errno;
    pthread_rwlock_unlock(&library_calls);
    close(ends[1]);
    if (pid < 0) {
        say(message, message_size, "cannot start a process for the decoder: %s", strerror(forked));
        close(ends[0]);
        munmap(mapping, isolated->mapped);
        free(isolated);
        return NULL;
    }
    isolated->pid = pid;
    return isolated;
}

int photorepl_isolated_wait(photorepl_isolated *isolated, int milliseconds) {
    struct pollfd end = {isolated->pipe, POLLIN, 0};
    int ready = poll(&end, 1, milliseconds);
    if (ready == 0 || (ready < 0 && errno == EINTR)) return 0;
    // The pipe's write end closed: the child ended (or is ending: it is reaped next).
    return 1;
}

photorepl_isolated_end photorepl_isolated_finish(photorepl_isolated *isolated, int kill_it, photorepl_decoded *out) {
    if (kill_it) kill(isolated->pid, SIGKILL);
    int status = 0;
    while (waitpid(isolated->pid, &status, 0) < 0 && errno == EINTR) {}
    close(isolated->pipe);
    photorepl_isolated_end end = {0, 0, 0};
    answer *shared = isolated->shared;
    if (WIFSIGNALED(status)) {
        end.signal = WTERMSIG(status);
    } else if (!__atomic_load_n(&shared->finished, __ATOMIC_ACQUIRE)) {
        end.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        end.unfinished = 1;
    } else {
        memcpy(out->message, shared->message, sizeof out->message);
        out->message[sizeof out->message - 1] = 0;
        size_t bytes = shared->bytes;
        if (bytes > 0 && bytes <= isolated->mapped - sizeof(answer) &&
            (size_t)shared->width * (size_t)shared->height * 4 == bytes) {
            unsigned char *pixels = output(out, bytes);
            if (pixels) {
                memcpy(pixels, shared + 1, bytes);
                out->rgba = pixels;
                out->width = shared->width;
                out->height = shared->height;
            } else {
                say(out->message, sizeof out->message, out->into ? "the image decoded at %dx%d, not the size its header says" : "out of memory",
                    shared->width, shared->height);
            }
        }
    }
    munmap(isolated->shared, isolated->mapped);
    free(isolated);
    return end;
}

// MARK: - An animation's child, which lives while the animation plays

// What the child writes back for each ask, at the start of the shared mapping; the frame's pixels
// follow it.
typedef struct {
    photorepl_animation_frame frame;
    size_t bytes;
} animation_answer;

struct photorepl_animation {
    pid_t pid;
    int asks;     // the write end of the pipe the parent asks on
    int answers;  // the read end of the pipe the child answers on (a byte an answer)
    animation_answer *shared;
    size_t mapped;
};

// The child: opens the file's frames, then answers each ask (a byte) with the next frame, scaled
// into the mapping, and a byte back; at the end of the frames it says so and starts again at the
// next ask. It ends when the parent closes its end (or kills it). Nothing here returns.
static void animation_child(const photorepl_animation_request *request, animation_answer *shared, size_t capacity, int asks,
                            int answers) {
    confine(request->seconds, request->memory, asks, answers, 1);
    // A decoder's own log is no line of the session's (dav1d, under libavif, writes a refused
    // frame's size to standard error, which is the terminal).
    int nothing = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (nothing >= 0) {
        dup2(nothing, STDERR_FILENO);
        close(nothing);
    }
    unsigned char *pixels = (unsigned char *)(shared + 1);
    photorepl_frames *frames = NULL;
    int index = 0;
    for (;;) {
        char byte;
        ssize_t n = read(asks, &byte, 1);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) _exit(0);
        allow_processor_time(request->seconds, 1);  // each frame its own time
        photorepl_animation_frame frame;
        memset(&frame, 0, sizeof frame);
        size_t bytes = 0;
        if (!frames) {
            frames = photorepl_frames_open(request->decoder, request->data, request->size, request->width, request->height,
                                           request->max_frames, frame.message, sizeof frame.message);
            index = 0;
        }
        if (!frames) {
            frame.status = -1;
        } else {
            int delay = 0, loop_count = -1;
            frame.status = photorepl_frames_next(frames, &delay, &loop_count, frame.message, sizeof frame.message);
            frame.loop_count = loop_count;
            if (frame.status == 1) {
                int factor = request->factor < 1 ? 1 : request->factor;
                frame.width = (request->width + factor - 1) / factor;
                frame.height = (request->height + factor - 1) / factor;
                bytes = (size_t)frame.width * (size_t)frame.height * 4;
                if (bytes > capacity ||
                    shrink(photorepl_frames_canvas(frames), request->width * 4, request->width, request->height, 4, factor, pixels) != 0) {
                    frame.status = -1;
                    say(frame.message, sizeof frame.message, "out of memory");
                    bytes = 0;
                }
                frame.index = index++;
                frame.delay = delay;
            }
            if (frame.status != 1) {
                // The end (the next ask starts again from the file's start) or a failure.
                photorepl_frames_close(frames);
                frames = NULL;
            }
        }
        shared->frame = frame;
        shared->bytes = bytes;
        __atomic_thread_fence(__ATOMIC_RELEASE);
        char done = 1;
        while (write(answers, &done, 1) < 0 && errno == EINTR) {}
    }
}

// A connected pair of sockets whose ends are close-on-exec.
static int cloexec_socket_pair(int ends[2]) {
#ifdef SOCK_CLOEXEC
    return socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends);
#else
    // macOS: no MSG_NOSIGNAL, the socket's own option instead.
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, ends) != 0) return -1;
    int on = 1;
    setsockopt(ends[1], SOL_SOCKET, SO_NOSIGPIPE, &on, sizeof on);
    fcntl(ends[0], F_SETFD, FD_CLOEXEC);
    fcntl(ends[1], F_SETFD, FD_CLOEXEC);
    return 0;
#endif
}

photorepl_animation *photorepl_animation_start(const photorepl_animation_request *request, char *message, size_t message_size) {
    photorepl_animation *animation = calloc(1, sizeof *animation);
    if (!animation) {
        say(message, message_size, "out of memory");
        return NULL;
    }
    int factor = request->factor < 1 ? 1 : request->factor;
    size_t capacity = (size_t)((request->width + factor - 1) / factor) * (size_t)((request->height + factor - 1) / factor) * 4;
    animation->mapped = sizeof(animation_answer) + capacity;
    void *mapping = mmap(NULL, animation->mapped, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (mapping == MAP_FAILED) {
        say(message, message_size, "cannot map %zu bytes for the animation's frames: %s", animation->mapped, strerror(errno));
        free(animation);
        return NULL;
    }
    // The asks go over a socket pair, not a pipe: a send to a child that has ended fails with
    // MSG_NOSIGNAL instead of raising SIGPIPE in the session.
    int asks[2], answers[2];
    if (cloexec_socket_pair(asks) != 0) {
        say(message, message_size, "cannot make a pipe for the decoder: %s", strerror(errno));
        munmap(mapping, animation->mapped);
        free(animation);
        return NULL;
    }
    if (cloexec_pipe(answers) != 0) {
        say(message, message_size, "cannot make a pipe for the decoder: %s", strerror(errno));
        close(asks[0]);
        close(asks[1]);
        munmap(mapping, animation->mapped);
        free(animation);
        return NULL;
    }
    animation->shared = mapping;
    if (request->decoder == PHOTOREPL_ISOLATED_GIF) photorepl_gif_load();
    else if (request->decoder == PHOTOREPL_ISOLATED_AVIF) photorepl_avif_load();
    else photorepl_webp_load();
    pthread_rwlock_wrlock(&library_calls);
    pid_t pid = fork();
    if (pid == 0) {
        close(asks[1]);
        close(answers[0]);
        animation_child(request, mapping, capacity, asks[0], answers[1]);
    }
    int forked = errno;
    pthread_rwlock_unlock(&library_calls);
    close(asks[0]);
    close(answers[1]);
    if (pid < 0) {
        say(message, message_size, "cannot start a process for the decoder: %s", strerror(forked));
        close(asks[1]);
        close(answers[0]);
        munmap(mapping, animation->mapped);
        free(animation);
        return NULL;
    }
    animation->pid = pid;
    animation->asks = asks[1];
    animation->answers = answers[0];
    return animation;
}

int photorepl_animation_ask(photorepl_animation *animation) {
    char byte = 1;
    ssize_t n;
    while ((n = send(animation->asks, &byte, 1, MSG_NOSIGNAL)) < 0 && errno == EINTR) {}
    return n == 1 ? 0 : -1;
}

int photorepl_animation_wait(photorepl_animation *animation, int milliseconds) {
    struct pollfd end = {animation->answers, POLLIN, 0};
    int ready = poll(&end, 1, milliseconds);
    return ready > 0 ? 1 : 0;
}

int photorepl_animation_take(photorepl_animation *animation, photorepl_animation_frame *frame, unsigned char *pixels,
                             size_t capacity, photorepl_isolated_end *end) {
    char byte;
    ssize_t n;
    while ((n = read(animation->answers, &byte, 1)) < 0 && errno == EINTR) {}
    memset(end, 0, sizeof *end);
    if (n != 1) {
        // The pipe closed with no answer: the child ended (a crash, its limits); how is its status.
        int status = 0;
        while (waitpid(animation->pid, &status, 0) < 0 && errno == EINTR) {}
        animation->pid = 0;
        if (WIFSIGNALED(status)) end->signal = WTERMSIG(status);
        else end->exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        end->unfinished = 1;
        return -1;
    }
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
    *frame = animation->shared->frame;
    frame->message[sizeof frame->message - 1] = 0;
    size_t bytes = animation->shared->bytes;
    if (frame->status == 1) {
        // The child's word is checked, as a file's would be: a size that is not what was asked for
        // is no frame.
        if (bytes != (size_t)frame->width * (size_t)frame->height * 4 || bytes > capacity ||
            bytes > animation->mapped - sizeof(animation_answer)) {
            frame->status = -1;
            say(frame->message, sizeof frame->message, "the decoder answered a frame of the wrong size");
        } else {
            memcpy(pixels, animation->shared + 1, bytes);
        }
    }
    return 0;
}

void photorepl_animation_stop(photorepl_animation *animation) {
    if (!animation) return;
    close(animation->asks);
    if (animation->pid > 0) {
        kill(animation->pid, SIGKILL);
        int status;
        while (waitpid(animation->pid, &status, 0) < 0 && errno == EINTR) {}
    }
    close(animation->answers);
    munmap(animation->shared, animation->mapped);
    free(animation);
}
