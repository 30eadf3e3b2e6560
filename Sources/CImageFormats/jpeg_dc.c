#include "CImageFormats.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// A progressive JPEG at 1/8 of its size from its DC scans alone, read by us. libjpeg's buffered-image
// mode (jpeg_scans.c) gives the same picture, but allocates and zeroes the whole image's coefficients
// first (54 MB for 18 megapixels: page faults were 60 % of the time). At 1/8 scale each 8 × 8 block is
// one pixel, its DC value: this keeps only those, a 64th of that.
//
// Read: SOF2 (Huffman, 8-bit, 1 or 3 components), DQT, DHT, DRI, APP14 (Adobe's colour transform), and
// the DC first scans (Ss = Se = 0, Ah = 0), interleaved or not, with restart markers; other scans are
// passed over. Anything else is left to libjpeg (return 1): arithmetic coding, 12-bit, 4 components,
// a component without its DC by the end of the file.

enum { MAX_COMPONENTS_HERE = 3 };

typedef struct {
    // Canonical Huffman decoding: for each code length, the largest code, and where its symbols start.
    int32_t max_code[17];
    int32_t offset[17];
    uint8_t symbols[256];
    int defined;
} huffman_table;

typedef struct {
    int id, h, v, quant;
    int blocks_wide, blocks_high;  // the padded grid of an interleaved scan (MCUs × sampling)
    int32_t *dc;                    // one value a block, dequantized later
    int has_dc;
    int32_t predictor;
    int dc_table;
} component;

typedef struct {
    const uint8_t *data;
    size_t size, position;
    uint32_t bits;   // the bit buffer, most significant first
    int count;       // how many bits it holds
    int marker_hit;  // a marker ends the entropy data: zeros from there on, as libjpeg does
    int padded;      // bytes of those zeros in the buffer
    int short_data;  // bits of those zeros were decoded: the scan's data ended too soon
} bit_reader;

// At the end of a scan's data or of a restart interval: the zeros put in after the data were not
// needed (else the data was cut short: libjpeg warns "premature end of data segment"), and no whole
// byte of data is left over before the marker (libjpeg warns of "extraneous bytes before marker").
// Either way the file is left to libjpeg, whose full decode says what is wrong with it.
static void check_padding(bit_reader *r) {
    if (r->count < 8 * r->padded) r->short_data = 1;
    if (r->count - 8 * r->padded >= 8) r->short_data = 1;
    if (!r->marker_hit && !(r->position + 1 < r->size && r->data[r->position] == 0xFF && r->data[r->position + 1] != 0x00))
        r->short_data = 1;
}

static void fill(bit_reader *r) {
    while (r->count <= 24) {
        uint32_t byte = 0;
        if (r->marker_hit || r->position >= r->size) r->padded++;
        if (!r->marker_hit && r->position < r->size) {
            byte = r->data[r->position];
            if (byte == 0xFF) {
                uint8_t next = r->position + 1 < r->size ? r->data[r->position + 1] : 0;
                if (next == 0x00) {
                    r->position += 2;
                } else {
                    r->marker_hit = 1;
                    r->padded++;
                    byte = 0;
                }
            } else {
                r->position++;
            }
        }
        r->bits |= byte << (24 - r->count);
        r->count += 8;
    }
}

static int bits(bit_reader *r, int n) {
    if (n == 0) return 0;
    if (r->count < n) fill(r);
    int value = (int)(r->bits >> (32 - n));
    r->bits <<= n;
    r->count -= n;
    return value;
}

// A Huffman-coded symbol, or -1 for a code no table holds.
static int decode_symbol(bit_reader *r, const huffman_table *t) {
    if (r->count < 16) fill(r);
    int32_t code = 0;
    for (int length = 1; length <= 16; length++) {
        code = (code << 1) | (int32_t)(r->bits >> 31);
        r->bits <<= 1;
        r->count--;
        if (code <= t->max_code[length]) {
            int index = t->offset[length] + code;
            return index >= 0 && index < 256 ? t->symbols[index] : -1;
        }
    }
    return -1;
}

// The byte-aligned restart: the bits left are dropped, and the next marker must be the RSTn due
// (they count 0…7 in turn); anything else is left to libjpeg.
static void restart(bit_reader *r, int expected) {
    check_padding(r);
    r->bits = 0;
    r->count = 0;
    r->marker_hit = 0;
    r->padded = 0;
    if (r->position + 1 < r->size && r->data[r->position] == 0xFF && r->data[r->position + 1] == 0xD0 + expected) {
        r->position += 2;
    } else {
        r->short_data = 1;
    }
}

static int read_dht(const uint8_t *p, size_t length, huffman_table dc[4]) {
    size_t i = 0;
    while (i < length) {
        if (i + 17 > length) return -1;
        int class = p[i] >> 4, id = p[i] & 15;
        if (id > 3 || class > 1) return -1;
        int total = 0;
        for (int k = 0; k < 16; k++) total += p[i + 1 + k];
        if (total > 256 || i + 17 + (size_t)total > length) return -1;
        if (class == 0) {
            huffman_table *t = &dc[id];
            memset(t, 0, sizeof *t);
            int32_t code = 0;
            int index = 0;
            for (int bits_length = 1; bits_length <= 16; bits_length++) {
                int n = p[i + bits_length];
                t->offset[bits_length] = index - code;
                code += n;
                index += n;
                t->max_code[bits_length] = n ? code - 1 : -1;
                if (code > (1 << bits_length)) return -1;  // more codes than the length holds
                code <<= 1;
            }
            memcpy(t->symbols, p + i + 17, (size_t)total);
            t->defined = 1;
        }
        i += 17 + (size_t)total;
    }
    return 0;
}

static void release(component *components, int count) {
    for (int c = 0; c < count; c++) free(components[c].dc);
}

static int fail_with(photorepl_decoded *out, component *components, int count, const char *why) {
    release(components, count);
    snprintf(out->message, sizeof out->message, "%s", why);
    return 1;
}

// Decodes one DC first scan's entropy data from `r`.
static int decode_dc_scan(bit_reader *r, component *components, int *in_scan, int in_scan_count, int h_max, int v_max,
                          int width, int height, int restart_interval, int al, const huffman_table *tables) {
    int mcus_wide, mcus_high;
    if (in_scan_count == 1) {
        component *c = &components[in_scan[0]];
        int comp_w = (width * c->h + h_max - 1) / h_max, comp_h = (height * c->v + v_max - 1) / v_max;
        mcus_wide = (comp_w + 7) / 8;
        mcus_high = (comp_h + 7) / 8;
    } else {
        mcus_wide = (width + 8 * h_max - 1) / (8 * h_max);
        mcus_high = (height + 8 * v_max - 1) / (8 * v_max);
    }
    for (int s = 0; s < in_scan_count; s++) components[in_scan[s]].predictor = 0;
    long mcu = 0;
    for (int my = 0; my < mcus_high; my++) {
        for (int mx = 0; mx < mcus_wide; mx++, mcu++) {
            if (restart_interval && mcu > 0 && mcu % restart_interval == 0) {
                restart(r, (int)((mcu / restart_interval - 1) % 8));
                if (r->short_data) return -1;
                for (int s = 0; s < in_scan_count; s++) components[in_scan[s]].predictor = 0;
            }
            for (int s = 0; s < in_scan_count; s++) {
                component *c = &components[in_scan[s]];
                int h = in_scan_count == 1 ? 1 : c->h, v = in_scan_count == 1 ? 1 : c->v;
                for (int by = 0; by < v; by++) {
                    for (int bx = 0; bx < h; bx++) {
                        int size = decode_symbol(r, &tables[c->dc_table]);
                        if (size < 0 || size > 11) return -1;
                        int diff = bits(r, size);
                        if (size && diff < (1 << (size - 1))) diff -= (1 << size) - 1;  // the negative half
                        c->predictor += diff;
                        // Only a corrupt file goes this far (8-bit DC values stay within ±2^11 · 2^Al).
                        if (c->predictor > (1 << 20)) c->predictor = 1 << 20;
                        if (c->predictor < -(1 << 20)) c->predictor = -(1 << 20);
                        int x = mx * h + bx, y = my * v + by;
                        if (x < c->blocks_wide && y < c->blocks_high) {
                            int64_t value = (int64_t)c->predictor * (1 << al);
                            if (value > (1 << 24)) value = 1 << 24;
                            if (value < -(1 << 24)) value = -(1 << 24);
                            c->dc[(size_t)y * (size_t)c->blocks_wide + (size_t)x] = (int32_t)value;
                        }
                    }
                }
            }
        }
    }
    check_padding(r);
    return r->short_data ? -1 : 0;
}

// Where a scan's entropy data ends: the next marker that is not a stuffed byte or a restart.
static size_t skip_entropy(const uint8_t *data, size_t size, size_t position) {
    while (position + 1 < size) {
        if (data[position] == 0xFF) {
            uint8_t next = data[position + 1];
            if (next != 0x00 && next != 0xFF && !(next >= 0xD0 && next <= 0xD7)) return position;
        }
        position++;
    }
    return size;
}

static uint8_t clamp(int value) { return value < 0 ? 0 : value > 255 ? 255 : (uint8_t)value; }

// What the segments read so far say of the picture.
typedef struct {
    component components[MAX_COMPONENTS_HERE];
    int count, width, height, h_max, v_max, restart_interval, adobe_transform;
    int quant[4];  // each table's DC entry
    int quant_defined[4];
    huffman_table tables[4];
    int scans, have_frame;
} dc_picture;

// SOF2: the frame's size and components, and room for each one's DC values. NULL, or why not.
static const char *read_frame(dc_picture *d, const uint8_t *p, size_t n) {
    if (d->have_frame || n < 6 || p[0] != 8) return "not an 8-bit frame";
    d->height = p[1] << 8 | p[2];
    d->width = p[3] << 8 | p[4];
    // The count is kept only once the components are checked: until then there is nothing to free.
    int count = p[5];
    if (d->width == 0 || d->height == 0 || (count != 1 && count != 3) || n < 6 + 3 * (size_t)count)
        return "a frame this reader leaves to libjpeg";
    component *components = d->components;
    for (int c = 0; c < count; c++) {
        components[c].id = p[6 + 3 * c];
        components[c].h = p[7 + 3 * c] >> 4;
        components[c].v = p[7 + 3 * c] & 15;
        components[c].quant = p[8 + 3 * c];
        if (components[c].h < 1 || components[c].h > 4 || components[c].v < 1 || components[c].v > 4 || components[c].quant > 3)
            return "bad sampling";
        if (components[c].h > d->h_max) d->h_max = components[c].h;
        if (components[c].v > d->v_max) d->v_max = components[c].v;
    }
    d->count = count;
    long mcus_wide = (d->width + 8 * d->h_max - 1) / (8 * d->h_max), mcus_high = (d->height + 8 * d->v_max - 1) / (8 * d->v_max);
    for (int c = 0; c < count; c++) {
        components[c].blocks_wide = (int)(mcus_wide * components[c].h);
        components[c].blocks_high = (int)(mcus_high * components[c].v);
        components[c].dc = calloc((size_t)components[c].blocks_wide * (size_t)components[c].blocks_high, sizeof(int32_t));
        if (!components[c].dc) return "out of memory";
    }
    d->have_frame = 1;
    return NULL;
}

// DQT: only each table's first (DC) entry is needed. NULL, or why not.
static const char *read_dqt(dc_picture *d, const uint8_t *p, size_t n) {
    size_t i = 0;
    while (i < n) {
        int precision = p[i] >> 4, id = p[i] & 15;
        size_t entries = precision ? 128 : 64;
        if (id > 3 || precision > 1 || i + 1 + entries > n) return "bad quantization table";
        d->quant[id] = precision ? (p[i + 1] << 8 | p[i + 2]) : p[i + 1];
        d->quant_defined[id] = 1;
        i += 1 + entries;
    }
    return NULL;
}

// SOS: a DC first scan decoded, any other passed over; `*position` moves past its entropy data, and
// `*all_read` says whether every component has its DC values now. NULL, or why not.
static const char *read_scan(dc_picture *d, const uint8_t *data, size_t size, size_t *position, const uint8_t *p, size_t n,
                             int *all_read) {
    component *components = d->components;
    if (!d->have_frame || n < 1) return "a scan before the frame";
    int in_scan_count = p[0];
    if (in_scan_count < 1 || in_scan_count > d->count || n < 1 + 2 * (size_t)in_scan_count + 3) return "bad scan";
    int in_scan[MAX_COMPONENTS_HERE];
    for (int s = 0; s < in_scan_count; s++) {
        int id = p[1 + 2 * s], found = -1;
        for (int c = 0; c < d->count; c++)
            if (components[c].id == id) found = c;
        if (found < 0) return "a scan of an unknown component";
        in_scan[s] = found;
        components[found].dc_table = p[2 + 2 * s] >> 4;
        if (components[found].dc_table > 3) return "bad scan";
    }
    int ss = p[1 + 2 * in_scan_count], se = p[2 + 2 * in_scan_count];
    int ah = p[3 + 2 * in_scan_count] >> 4, al = p[3 + 2 * in_scan_count] & 15;
    d->scans++;
    if (d->scans > 500) return "more than 500 scans";
    if (ss == 0 && se == 0 && ah == 0) {
        if (al > 13) return "bad scan";
        for (int s = 0; s < in_scan_count; s++)
            if (!d->tables[components[in_scan[s]].dc_table].defined) return "a scan without its table";
        bit_reader reader = {.data = data, .size = size, .position = *position};
        if (decode_dc_scan(&reader, components, in_scan, in_scan_count, d->h_max, d->v_max, d->width, d->height, d->restart_interval, al,
                           d->tables) != 0)
            return "corrupt DC scan";
        for (int s = 0; s < in_scan_count; s++) components[in_scan[s]].has_dc = 1;
        *position = reader.position;
    }
    *position = skip_entropy(data, size, *position);  // an AC or refinement scan's data
    int all = 1;
    for (int c = 0; c < d->count; c++) all &= components[c].has_dc;
    *all_read = all;
    return NULL;
}

// The pixel at (x, y) of the 1/8 picture, from each component's DC value there.
static void dc_pixel(const dc_picture *d, int rgb, int x, int y, unsigned char *o) {
    int value[MAX_COMPONENTS_HERE];
    for (int c = 0; c < d->count; c++) {
        const component *k = &d->components[c];
        // The block that covers this one's place (a subsampled component's blocks are larger).
        int bx = x * k->h / d->h_max, by = y * k->v / d->v_max;
        if (bx >= k->blocks_wide) bx = k->blocks_wide - 1;
        if (by >= k->blocks_high) by = k->blocks_high - 1;
        long dc = (long)k->dc[(size_t)by * (size_t)k->blocks_wide + (size_t)bx] * d->quant[k->quant];
        // libjpeg's 1 × 1 inverse DCT: the DC value over 8, rounded, centred on 128
        // (clamped before it is an int: a corrupt file's product is far out of range).
        long level = ((dc + 4) >> 3) + 128;
        value[c] = level < 0 ? 0 : level > 255 ? 255 : (int)level;
    }
    if (d->count == 1) {
        o[0] = o[1] = o[2] = (uint8_t)value[0];
    } else if (rgb) {
        o[0] = (uint8_t)value[0]; o[1] = (uint8_t)value[1]; o[2] = (uint8_t)value[2];
    } else {
        // JFIF's YCbCr to RGB, in libjpeg's fixed point (16 fractional bits, rounded).
        int luma = value[0], cb = value[1] - 128, cr = value[2] - 128;
        o[0] = clamp(luma + ((91881 * cr + 32768) >> 16));
        o[1] = clamp(luma + ((-22554 * cb - 46802 * cr + 32768) >> 16));
        o[2] = clamp(luma + ((116130 * cb + 32768) >> 16));
    }
    o[3] = 255;
}

// Every component's DC values made the picture in `out`, once all are read: 0, or 1 as fail_with.
static int dc_convert(dc_picture *d, photorepl_decoded *out, size_t position, int *scans_read, size_t *bytes_read) {
    component *components = d->components;
    int count = d->count;
    for (int c = 0; c < count; c++)
        if (!d->quant_defined[components[c].quant]) return fail_with(out, components, count, "no quantization table");
    int out_w = (d->width + 7) / 8, out_h = (d->height + 7) / 8;
    size_t bytes = (size_t)out_w * (size_t)out_h * 4;
    unsigned char *pixels = out->into ? (out->capacity >= bytes ? out->into : NULL) : malloc(bytes);
    if (!pixels) return fail_with(out, components, count, "no room for the picture");
    int rgb = count == 3 && (d->adobe_transform == 0 ||
                             (d->adobe_transform < 0 && components[0].id == 'R' && components[1].id == 'G' && components[2].id == 'B'));
    for (int y = 0; y < out_h; y++)
        for (int x = 0; x < out_w; x++) dc_pixel(d, rgb, x, y, pixels + ((size_t)y * (size_t)out_w + (size_t)x) * 4);
    release(components, count);
    out->rgba = pixels;
    out->width = out_w;
    out->height = out_h;
    *scans_read = d->scans;
    *bytes_read = position;
    return 0;
}

int photorepl_jpeg_dc_preview(const unsigned char *data, size_t size, photorepl_decoded *out, int *scans_read, size_t *bytes_read) {
    out->rgba = NULL;
    out->width = out->height = 0;
    out->message[0] = 0;
    *scans_read = 0;
    *bytes_read = 0;
    dc_picture picture;
    memset(&picture, 0, sizeof picture);
    picture.h_max = picture.v_max = 1;
    picture.adobe_transform = -1;
    dc_picture *d = &picture;
    if (size < 4 || data[0] != 0xFF || data[1] != 0xD8) return fail_with(out, d->components, 0, "not a JPEG");
    size_t position = 2;
    for (;;) {
        // The next marker (fill bytes 0xFF allowed before it, nothing else: libjpeg warns of that).
        if (position < size && data[position] != 0xFF) return fail_with(out, d->components, d->count, "bytes between segments");
        while (position < size && data[position] == 0xFF) position++;
        if (position >= size) return fail_with(out, d->components, d->count, "the file ends before the DC values");
        uint8_t marker = data[position++];
        if (marker == 0xD9) return fail_with(out, d->components, d->count, "the file ends before the DC values");
        if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) continue;  // no length
        if (position + 2 > size) return fail_with(out, d->components, d->count, "cut short");
        size_t length = (size_t)data[position] << 8 | data[position + 1];
        if (length < 2 || position + length > size) return fail_with(out, d->components, d->count, "cut short");
        const uint8_t *p = data + position + 2;
        size_t n = length - 2;
        position += length;
        const char *why = NULL;
        int all_read = 0;
        switch (marker) {
        case 0xC2:  // SOF2: progressive, Huffman
            why = read_frame(d, p, n);
            break;
        case 0xC0: case 0xC1: case 0xC3: case 0xC5: case 0xC6: case 0xC7:
        case 0xC9: case 0xCA: case 0xCB: case 0xCD: case 0xCE: case 0xCF:
            why = "not a progressive Huffman JPEG";
            break;
        case 0xC4:
            if (read_dht(p, n, d->tables) != 0) why = "bad Huffman table";
            break;
        case 0xDB:
            why = read_dqt(d, p, n);
            break;
        case 0xDD:
            if (n < 2) why = "bad restart interval";
            else d->restart_interval = p[0] << 8 | p[1];
            break;
        case 0xEE:  // APP14 "Adobe": its transform says whether 3 components are YCbCr (1) or RGB (0)
            if (n >= 12 && memcmp(p, "Adobe", 5) == 0) d->adobe_transform = p[11];
            break;
        case 0xDA:
            why = read_scan(d, data, size, &position, p, n, &all_read);
            break;
        default:
            break;  // APPn, COM and the like
        }
        if (why) return fail_with(out, d->components, d->count, why);
        if (all_read) return dc_convert(d, out, position, scans_read, bytes_read);
    }
}
