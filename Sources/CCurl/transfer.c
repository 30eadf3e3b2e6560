#include "CCurl.h"
#include <curl/curl.h>
#include <dlfcn.h>
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// libcurl's entry points, found with dlsym once.
static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd *, unsigned int, int, int *);
    CURLMcode (*multi_wakeup)(CURLM *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    CURLMcode (*multi_cleanup)(CURLM *);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} curl;
static int curl_loaded;  // 1 loaded, -1 failed
static char load_error[256];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load_curl(void) {
#ifdef __APPLE__
    void *library = dlopen("libcurl.4.dylib", RTLD_NOW | RTLD_LOCAL);
#else
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
#endif
    if (!library) {
        snprintf(load_error, sizeof load_error,
                 "libcurl could not be loaded (%s): install the Debian package libcurl4 to use the network", dlerror());
        curl_loaded = -1;
        return;
    }
#define FIND(field, name)                                                                        \
    if (!(*(void **)&curl.field = dlsym(library, name))) {                                       \
        snprintf(load_error, sizeof load_error, "libcurl lacks %s: it is too old (7.68 or later is needed)", name); \
        curl_loaded = -1;                                                                        \
        return;                                                                                  \
    }
    FIND(global_init, "curl_global_init")
    FIND(easy_init, "curl_easy_init")
    FIND(easy_setopt, "curl_easy_setopt")
    FIND(easy_getinfo, "curl_easy_getinfo")
    FIND(easy_cleanup, "curl_easy_cleanup")
    FIND(easy_strerror, "curl_easy_strerror")
    FIND(multi_init, "curl_multi_init")
    FIND(multi_add_handle, "curl_multi_add_handle")
    FIND(multi_remove_handle, "curl_multi_remove_handle")
    FIND(multi_perform, "curl_multi_perform")
    FIND(multi_poll, "curl_multi_poll")
    FIND(multi_wakeup, "curl_multi_wakeup")
    FIND(multi_info_read, "curl_multi_info_read")
    FIND(multi_cleanup, "curl_multi_cleanup")
    FIND(slist_append, "curl_slist_append")
    FIND(slist_free_all, "curl_slist_free_all")
#undef FIND
    if (curl.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        snprintf(load_error, sizeof load_error, "libcurl could not start");
        curl_loaded = -1;
        return;
    }
    curl_loaded = 1;
}

typedef struct {
    unsigned char *bytes;
    size_t length, capacity;
} buffer;

static int append(buffer *b, const void *data, size_t count) {
    if (b->length + count + 1 > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 16384;
        while (capacity < b->length + count + 1) capacity *= 2;
        unsigned char *bigger = realloc(b->bytes, capacity);
        if (!bigger) return 0;
        b->bytes = bigger;
        b->capacity = capacity;
    }
    memcpy(b->bytes + b->length, data, count);
    b->length += count;
    b->bytes[b->length] = 0;
    return 1;
}

struct http_transfer {
    atomic_int cancelled;
    pthread_mutex_t lock;  // guards multi against a wakeup while it is created or freed
    CURLM *multi;
    buffer body, headers;
    size_t max_body;
    int over_cap, headers_over_cap;
    long status;
    CURL *easy;            // while a transfer runs: its status is asked for as the body arrives
    int body_fd;           // where a 200 answer's body goes (-1: kept in `body`)
    size_t written;        // bytes of it written there
    int write_error;       // errno of the write that failed, 0 if none
    int allow_local;       // whether loopback, private and link-local addresses may be connected to
    int refused_local;     // a connection was refused for its address
    char refused_address[INET6_ADDRSTRLEN];
    char message[CURL_ERROR_SIZE + 64];
};

http_transfer *http_transfer_new(void) {
    http_transfer *t = calloc(1, sizeof *t);
    if (t) pthread_mutex_init(&t->lock, NULL);
    return t;
}

void http_transfer_free(http_transfer *t) {
    if (!t) return;
    free(t->body.bytes);
    free(t->headers.bytes);
    pthread_mutex_destroy(&t->lock);
    free(t);
}

void http_transfer_cancel(http_transfer *t) {
    atomic_store(&t->cancelled, 1);
    pthread_mutex_lock(&t->lock);
    if (t->multi) curl.multi_wakeup(t->multi);
    pthread_mutex_unlock(&t->lock);
}

static size_t on_body(char *data, size_t size, size_t count, void *context) {
    http_transfer *t = context;
    size_t n = size * count;
    long status = 0;
    if (t->body_fd >= 0) curl.easy_getinfo(t->easy, CURLINFO_RESPONSE_CODE, &status);
    if (status == 200) {
        // A download: straight to its file, never all in memory.
        if (t->written + n > t->max_body) {
            t->over_cap = 1;
            return 0;
        }
        for (size_t done = 0; done < n;) {
            ssize_t wrote = write(t->body_fd, data + done, n - done);
            if (wrote < 0 && errno == EINTR) continue;
            if (wrote <= 0) {
                t->write_error = wrote < 0 ? errno : EIO;
                return 0;  // libcurl ends the transfer with CURLE_WRITE_ERROR
            }
            done += (size_t)wrote;
        }
        t->written += n;
        return n;
    }
    if (t->body.length + n > t->max_body) {
        t->over_cap = 1;
        return 0;  // libcurl ends the transfer with CURLE_WRITE_ERROR
    }
    return append(&t->body, data, n) ? n : 0;
}

// Loopback, private (RFC 1918, unique local), link-local, unspecified and carrier-grade NAT
// addresses, IPv4-mapped ones included: what a name on the internet must not lead to. The same
// classes HostPolicy refuses by their written form; here they are refused by the address a name
// resolved to.
static int is_local_ipv4(const unsigned char *a) {
    return a[0] == 127 || a[0] == 10 || a[0] == 0 || (a[0] == 172 && a[1] >= 16 && a[1] <= 31) ||
           (a[0] == 192 && a[1] == 168) || (a[0] == 169 && a[1] == 254) || (a[0] == 100 && a[1] >= 64 && a[1] <= 127);
}

static int is_local_address(const struct sockaddr *address) {
    if (address->sa_family == AF_INET) {
        return is_local_ipv4((const unsigned char *)&((const struct sockaddr_in *)address)->sin_addr);
    }
    if (address->sa_family == AF_INET6) {
        const unsigned char *a = ((const struct sockaddr_in6 *)address)->sin6_addr.s6_addr;
        static const unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
        if (memcmp(a, mapped, 12) == 0) return is_local_ipv4(a + 12);
        int zeros = 1;
        for (int i = 0; i < 15; i++) zeros &= a[i] == 0;
        if (zeros && a[15] <= 1) return 1;                                         // :: and ::1
        return (a[0] == 0xfe && (a[1] & 0xc0) == 0x80) || (a[0] & 0xfe) == 0xfc;  // fe80::/10, fc00::/7
    }
    return 0;
}

// libcurl asks here for every socket it would connect: one to a local address is refused before
// any connection is made, whatever name resolved to it.
static curl_socket_t on_open_socket(void *context, curlsocktype purpose, struct curl_sockaddr *address) {
    http_transfer *t = context;
    (void)purpose;
    if (!t->allow_local && is_local_address(&address->addr)) {
        t->refused_local = 1;
        const void *raw = address->family == AF_INET6 ? (const void *)&((struct sockaddr_in6 *)&address->addr)->sin6_addr
                                                      : (const void *)&((struct sockaddr_in *)&address->addr)->sin_addr;
        if (!inet_ntop(address->family, raw, t->refused_address, sizeof t->refused_address)) t->refused_address[0] = 0;
        return CURL_SOCKET_BAD;
    }
#ifdef SOCK_CLOEXEC
    return socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
#else
    // No SOCK_CLOEXEC (macOS): the flag set just after, as close to atomic as the system allows.
    curl_socket_t fd = socket(address->family, address->socktype, address->protocol);
    if (fd != CURL_SOCKET_BAD) fcntl(fd, F_SETFD, FD_CLOEXEC);
    return fd;
#endif
}

static size_t on_header(char *data, size_t size, size_t count, void *context) {
    http_transfer *t = context;
    size_t n = size * count;
    // A redirect's headers are followed by the next response's: keep the last response's only.
    if (n >= 5 && memcmp(data, "HTTP/", 5) == 0) t->headers.length = 0;
    if (t->headers.length + n > 1 << 20) {  // a header block over 1 MB is an attack, not an answer
        t->headers_over_cap = 1;
        return 0;
    }
    return append(&t->headers, data, n) ? n : 0;
}

static http_transfer_outcome classify(CURLcode code) {
    switch (code) {
    case CURLE_OK: return HTTP_TRANSFER_OK;
    case CURLE_COULDNT_CONNECT: return HTTP_TRANSFER_REFUSED;
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_RESOLVE_PROXY: return HTTP_TRANSFER_UNRESOLVED;
    case CURLE_OPERATION_TIMEDOUT: return HTTP_TRANSFER_TIMED_OUT;
    case CURLE_FILESIZE_EXCEEDED: return HTTP_TRANSFER_TOO_LARGE;
    case CURLE_PARTIAL_FILE:
    case CURLE_RECV_ERROR:
    case CURLE_GOT_NOTHING: return HTTP_TRANSFER_CUT_SHORT;
    case CURLE_TOO_MANY_REDIRECTS: return HTTP_TRANSFER_TOO_MANY_REDIRECTS;
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CACERT_BADFILE: return HTTP_TRANSFER_TLS;
    default: return HTTP_TRANSFER_OTHER;
    }
}

// A transfer may be run again (a redirect followed by the caller): each run starts empty.
static void reset_transfer(http_transfer *t, size_t max_body, int body_fd, int allow_local_addresses) {
    t->max_body = max_body;
    t->body.length = 0;
    t->headers.length = 0;
    t->over_cap = 0;
    t->headers_over_cap = 0;
    t->status = 0;
    t->message[0] = 0;
    t->body_fd = body_fd;
    t->written = 0;
    t->write_error = 0;
    t->allow_local = allow_local_addresses;
    t->refused_local = 0;
    t->refused_address[0] = 0;
}

// The easy handle's options: the request, its limits, and where the answer goes.
static void set_options(CURL *easy, http_transfer *t, const char *url, struct curl_slist *list, long connect_timeout_ms,
                        long total_timeout_ms, long max_redirects, size_t max_body, char *error) {
    curl.easy_setopt(easy, CURLOPT_URL, url);
    curl.easy_setopt(easy, CURLOPT_HTTPHEADER, list);
    // http and https only, redirects included: the string options came with libcurl 7.85; older
    // ones take the bit masks (deprecated since, but still there).
    if (curl.easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https") != CURLE_OK ||
        curl.easy_setopt(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https") != CURLE_OK) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
        curl.easy_setopt(easy, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
        curl.easy_setopt(easy, CURLOPT_REDIR_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#pragma GCC diagnostic pop
    }
    // 0: redirects are answers, for the caller to check and follow (photorepl's host policy).
    curl.easy_setopt(easy, CURLOPT_FOLLOWLOCATION, max_redirects > 0 ? 1L : 0L);
    curl.easy_setopt(easy, CURLOPT_MAXREDIRS, max_redirects);
    curl.easy_setopt(easy, CURLOPT_CONNECTTIMEOUT_MS, connect_timeout_ms);
    curl.easy_setopt(easy, CURLOPT_TIMEOUT_MS, total_timeout_ms);
    curl.easy_setopt(easy, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)max_body);
    curl.easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
    curl.easy_setopt(easy, CURLOPT_ACCEPT_ENCODING, "");
    curl.easy_setopt(easy, CURLOPT_ERRORBUFFER, error);
    curl.easy_setopt(easy, CURLOPT_WRITEFUNCTION, on_body);
    curl.easy_setopt(easy, CURLOPT_WRITEDATA, t);
    curl.easy_setopt(easy, CURLOPT_HEADERFUNCTION, on_header);
    curl.easy_setopt(easy, CURLOPT_HEADERDATA, t);
    curl.easy_setopt(easy, CURLOPT_OPENSOCKETFUNCTION, on_open_socket);
    curl.easy_setopt(easy, CURLOPT_OPENSOCKETDATA, t);
}

// Runs the transfer until it is done, fails or is cancelled: whether it is done (`*result`, how).
static int run_transfer(http_transfer *t, CURLM *multi, CURLcode *result) {
    int running = 1, done = 0;
    while (!done) {
        if (atomic_load(&t->cancelled)) break;
        if (curl.multi_perform(multi, &running) != CURLM_OK) {
            *result = CURLE_FAILED_INIT;
            break;
        }
        int queued;
        CURLMsg *message;
        while ((message = curl.multi_info_read(multi, &queued))) {
            if (message->msg == CURLMSG_DONE) {
                *result = message->data.result;
                done = 1;
            }
        }
        if (done || !running) break;
        curl.multi_poll(multi, NULL, 0, 1000, NULL);  // woken by data, a time-out or a cancel
    }
    return done;
}

// What the finished transfer comes to, `t->message` saying it in words.
static http_transfer_outcome outcome(http_transfer *t, CURLcode result, int done, size_t max_body, const char *error) {
    if (atomic_load(&t->cancelled) && !done) {
        snprintf(t->message, sizeof t->message, "cancelled");
        return HTTP_TRANSFER_CANCELLED;
    }
    if (t->headers_over_cap) {
        snprintf(t->message, sizeof t->message, "the answer's headers are over 1 MB");
        return HTTP_TRANSFER_TOO_LARGE;
    }
    if (t->refused_local) {
        snprintf(t->message, sizeof t->message, "%s", t->refused_address);  // the caller says it in words
        return HTTP_TRANSFER_LOCAL_ADDRESS;
    }
    if (t->write_error) {
        snprintf(t->message, sizeof t->message, "%s", strerror(t->write_error));
        return HTTP_TRANSFER_WRITE_FAILED;
    }
    if (t->over_cap || result == CURLE_FILESIZE_EXCEEDED) {
        snprintf(t->message, sizeof t->message, "the answer is larger than %zu bytes", max_body);
        return HTTP_TRANSFER_TOO_LARGE;
    }
    if (result != CURLE_OK) {
        snprintf(t->message, sizeof t->message, "%s", error[0] ? error : curl.easy_strerror(result));
        // libcurl's own cap on a header block (300 KB in 7.88) ends the transfer as a receive error.
        if (strstr(t->message, "Too large response headers")) return HTTP_TRANSFER_TOO_LARGE;
        // A single header line over libcurl's 100 KB cap is "Out of memory": said as what happened.
        if (result == CURLE_OUT_OF_MEMORY) {
            snprintf(t->message, sizeof t->message, "the server's headers were too large");
            return HTTP_TRANSFER_TOO_LARGE;
        }
        // "Received HTTP/0.9 when not allowed", "Invalid Content-Length: value", …
        // (libcurl says HTTP/0.9 as an unsupported protocol, which a file:// URL is too.)
        if (result == CURLE_WEIRD_SERVER_REPLY || strstr(t->message, "HTTP/0.9")) return HTTP_TRANSFER_MALFORMED;
        return classify(result);
    }
    return HTTP_TRANSFER_OK;
}

http_transfer_outcome http_transfer_get(http_transfer *t, const char *url, const char *const *headers,
                                          size_t header_count, long connect_timeout_ms, long total_timeout_ms,
                                          long max_redirects, size_t max_body,
                                          int body_fd, int allow_local_addresses) {
    // With CURLOPT_NOSIGNAL libcurl leaves SIGPIPE alone, and OpenSSL before libcurl 7.87 writes to
    // the socket itself: a reset connection would kill photorepl. Blocked on this transfer's thread,
    // such a SIGPIPE stays pending there and goes with the thread.
    sigset_t pipe_signal;
    sigemptyset(&pipe_signal);
    sigaddset(&pipe_signal, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_signal, NULL);
    pthread_once(&load_once, load_curl);
    if (curl_loaded != 1) {
        snprintf(t->message, sizeof t->message, "%s", load_error);
        return HTTP_TRANSFER_UNAVAILABLE;
    }
    reset_transfer(t, max_body, body_fd, allow_local_addresses);
    char error[CURL_ERROR_SIZE] = "";
    CURL *easy = curl.easy_init();
    CURLM *multi = curl.multi_init();
    struct curl_slist *list = NULL;
    for (size_t i = 0; i < header_count; i++) list = curl.slist_append(list, headers[i]);
    if (!easy || !multi) {
        snprintf(t->message, sizeof t->message, "libcurl could not start a transfer");
        if (easy) curl.easy_cleanup(easy);
        if (multi) curl.multi_cleanup(multi);
        curl.slist_free_all(list);
        return HTTP_TRANSFER_OTHER;
    }
    set_options(easy, t, url, list, connect_timeout_ms, total_timeout_ms, max_redirects, max_body, error);
    t->easy = easy;
    curl.multi_add_handle(multi, easy);
    pthread_mutex_lock(&t->lock);
    t->multi = multi;
    pthread_mutex_unlock(&t->lock);

    CURLcode result = CURLE_OK;
    int done = run_transfer(t, multi, &result);
    curl.easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &t->status);

    pthread_mutex_lock(&t->lock);
    t->multi = NULL;
    pthread_mutex_unlock(&t->lock);
    curl.multi_remove_handle(multi, easy);
    curl.easy_cleanup(easy);
    t->easy = NULL;
    curl.multi_cleanup(multi);
    curl.slist_free_all(list);
    return outcome(t, result, done, max_body, error);
}

long http_transfer_status(const http_transfer *t) { return t->status; }

size_t http_transfer_written(const http_transfer *t) { return t->written; }

const unsigned char *http_transfer_body(const http_transfer *t, size_t *length) {
    *length = t->body.length;
    return t->body.bytes;
}

const char *http_transfer_headers(const http_transfer *t, size_t *length) {
    *length = t->headers.length;
    return (const char *)t->headers.bytes;
}

const char *http_transfer_message(const http_transfer *t) { return t->message; }
