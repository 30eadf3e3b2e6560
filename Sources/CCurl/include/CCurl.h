#ifndef PHOTOREPL_CCURL_H
#define PHOTOREPL_CCURL_H
// HTTP through libcurl, loaded with dlopen at the first request: runs that never use the network
// (the embedded and folder sources, cassette replays) never load libcurl's thirty-odd shared
// libraries, which would cost every start-up 8-10 ms. One blocking transfer a call, on a thread of
// the caller's; another thread can cancel it at once (the multi API's wakeup, not the easy API's
// once-a-second progress check).
#include <stddef.h>

typedef enum {
    PHOTOREPL_HTTP_OK = 0,
    PHOTOREPL_HTTP_CANCELLED,
    PHOTOREPL_HTTP_REFUSED,         // nothing listens there
    PHOTOREPL_HTTP_UNRESOLVED,      // the name (or the proxy's) does not resolve
    PHOTOREPL_HTTP_TIMED_OUT,       // connect or total time-out (the message says which)
    PHOTOREPL_HTTP_TOO_LARGE,       // the body is over the cap
    PHOTOREPL_HTTP_CUT_SHORT,       // the connection closed before the body's end
    PHOTOREPL_HTTP_TOO_MANY_REDIRECTS,
    PHOTOREPL_HTTP_TLS,             // certificate or TLS failure
    PHOTOREPL_HTTP_OTHER,
    PHOTOREPL_HTTP_UNAVAILABLE,     // libcurl could not be loaded
    PHOTOREPL_HTTP_MALFORMED,       // the answer is not HTTP photorepl can read (HTTP/0.9, a bad Content-Length)
    PHOTOREPL_HTTP_LOCAL_ADDRESS,   // the host's address (the message) is loopback, private or link-local: not allowed
    PHOTOREPL_HTTP_WRITE_FAILED,    // the body could not be written to the file (the message says why)
} photorepl_http_outcome;

typedef struct photorepl_http_transfer photorepl_http_transfer;

/// A transfer to perform once; NULL when out of memory.
photorepl_http_transfer *photorepl_http_new(void);
void photorepl_http_free(photorepl_http_transfer *transfer);

/// Ends the transfer as soon as possible, from any thread; harmless before and after it runs.
void photorepl_http_cancel(photorepl_http_transfer *transfer);

/// GETs `url` with `headers` ("Name: value"), following at most `max_redirects` redirects (http and
/// https only), refusing a body over `max_body` bytes. Blocks until done, failed or cancelled.
/// With `body_fd` >= 0, the body of a 200 answer is written to that file as it arrives instead of
/// kept (`photorepl_http_body` is then empty; `photorepl_http_written` counts it); any other
/// answer's body is kept. Unless `allow_local_addresses`, no connection is made to a loopback,
/// private, link-local or unspecified address, whatever name resolved to it.
photorepl_http_outcome photorepl_http_get(photorepl_http_transfer *transfer, const char *url,
                                          const char *const *headers, size_t header_count,
                                          long connect_timeout_ms, long total_timeout_ms,
                                          long max_redirects, size_t max_body,
                                          int body_fd, int allow_local_addresses);

/// How many bytes of the body were written to `body_fd`.
size_t photorepl_http_written(const photorepl_http_transfer *transfer);

/// The last response's status (0 when there was none), body and header block (all the header lines
/// of the final response, CRLF-separated).
long photorepl_http_status(const photorepl_http_transfer *transfer);
const unsigned char *photorepl_http_body(const photorepl_http_transfer *transfer, size_t *length);
const char *photorepl_http_headers(const photorepl_http_transfer *transfer, size_t *length);
/// What went wrong, in libcurl's words (empty when nothing did).
const char *photorepl_http_message(const photorepl_http_transfer *transfer);

#endif
