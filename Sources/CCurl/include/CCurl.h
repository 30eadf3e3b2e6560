#ifndef CCURL_H
#define CCURL_H
// HTTP through libcurl, loaded with dlopen at the first request: runs that never use the network
// (the embedded and folder sources, cassette replays) never load libcurl's thirty-odd shared
// libraries, which would cost every start-up 8-10 ms. One blocking transfer a call, on a thread of
// the caller's; another thread can cancel it at once (the multi API's wakeup, not the easy API's
// once-a-second progress check).
#include <stddef.h>

typedef enum {
    HTTP_TRANSFER_OK = 0,
    HTTP_TRANSFER_CANCELLED,
    HTTP_TRANSFER_REFUSED,         // nothing listens there
    HTTP_TRANSFER_UNRESOLVED,      // the name (or the proxy's) does not resolve
    HTTP_TRANSFER_TIMED_OUT,       // connect or total time-out (the message says which)
    HTTP_TRANSFER_TOO_LARGE,       // the body is over the cap
    HTTP_TRANSFER_CUT_SHORT,       // the connection closed before the body's end
    HTTP_TRANSFER_TOO_MANY_REDIRECTS,
    HTTP_TRANSFER_TLS,             // certificate or TLS failure
    HTTP_TRANSFER_OTHER,
    HTTP_TRANSFER_UNAVAILABLE,     // libcurl could not be loaded
    HTTP_TRANSFER_MALFORMED,       // the answer is not HTTP photorepl can read (HTTP/0.9, a bad Content-Length)
    HTTP_TRANSFER_LOCAL_ADDRESS,   // the host's address (the message) is loopback, private or link-local: not allowed
    HTTP_TRANSFER_WRITE_FAILED,    // the body could not be written to the file (the message says why)
} http_transfer_outcome;

typedef struct http_transfer http_transfer;

/// A transfer to perform once; NULL when out of memory.
http_transfer *http_transfer_new(void);
void http_transfer_free(http_transfer *transfer);

/// Ends the transfer as soon as possible, from any thread; harmless before and after it runs.
void http_transfer_cancel(http_transfer *transfer);

/// GETs `url` with `headers` ("Name: value"), following at most `max_redirects` redirects (http and
/// https only), refusing a body over `max_body` bytes. Blocks until done, failed or cancelled.
/// With `body_fd` >= 0, the body of a 200 answer is written to that file as it arrives instead of
/// kept (`http_transfer_body` is then empty; `http_transfer_written` counts it); any other
/// answer's body is kept. Unless `allow_local_addresses`, no connection is made to a loopback,
/// private, link-local or unspecified address, whatever name resolved to it.
http_transfer_outcome http_transfer_get(http_transfer *transfer, const char *url,
                                          const char *const *headers, size_t header_count,
                                          long connect_timeout_ms, long total_timeout_ms,
                                          long max_redirects, size_t max_body,
                                          int body_fd, int allow_local_addresses);

/// How many bytes of the body were written to `body_fd`.
size_t http_transfer_written(const http_transfer *transfer);

/// The last response's status (0 when there was none), body and header block (all the header lines
/// of the final response, CRLF-separated).
long http_transfer_status(const http_transfer *transfer);
const unsigned char *http_transfer_body(const http_transfer *transfer, size_t *length);
const char *http_transfer_headers(const http_transfer *transfer, size_t *length);
/// What went wrong, in libcurl's words (empty when nothing did).
const char *http_transfer_message(const http_transfer *transfer);

#endif
