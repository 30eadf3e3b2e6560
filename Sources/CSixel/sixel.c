#include "CSixel.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

// A sixel's palette is at most 256 colour registers, each given in whole percents of red, green and
// blue: 101 levels a channel. A fixed palette (libchafa's 240 colours, or its dynamic one) dithered
// in a checker gave a grey ramp of 40…215 only 41–54 levels with one-pixel grain between them. Here
// the palette is the picture's own: its distinct colours, cut into boxes (median cut) and refined
// by k-means; each register is then set to the percent triple nearest to it. Greys are set together
// (see "Greys"), so that a ramp finer than one percent still gets a shade of its own for each of its
// shades. Pixels whose own colour the palette holds are drawn flat; error diffusion spreads only
// what the palette lacks.

// Distances weigh the channels roughly as the eye does: green most, blue least.
enum { WEIGHT_RED = 3, WEIGHT_GREEN = 4, WEIGHT_BLUE = 2 };
// A pixel within about two levels a channel of a register is drawn with it as it is: no error is
// spread from it, and none reaches it (what the snapping of a register to whole percents costs,
// under 1.3 levels a channel, stays below this). A grey's register may be 3–4 levels off its grey
// on purpose (see "Greys"): its pixels are measured against the grey it stands for.
enum { FLAT_DISTANCE = (WEIGHT_RED + WEIGHT_GREEN + WEIGHT_BLUE) * 2 * 2 };
// Rounds of k-means after the median cut: most of what k-means gains comes in the first two.
enum { REFINEMENTS = 2 };

typedef struct {
    uint32_t rgb;  // red << 16 | green << 8 | blue
    uint32_t count;
} colour_count;

static int red_of(uint32_t rgb) { return (int)(rgb >> 16); }
static int green_of(uint32_t rgb) { return (int)(rgb >> 8 & 255); }
static int blue_of(uint32_t rgb) { return (int)(rgb & 255); }

static int distance(int r1, int g1, int b1, int r2, int g2, int b2) {
    int dr = r1 - r2, dg = g1 - g2, db = b1 - b2;
    return WEIGHT_RED * dr * dr + WEIGHT_GREEN * dg * dg + WEIGHT_BLUE * db * db;
}

// MARK: - The picture's distinct colours

/// The distinct colours of the picture and how many pixels have each, sorted (a radix sort of the
/// packed colours: linear in the pixels, whatever their number of colours).
static colour_count *distinct_colours(const uint8_t *rgba, size_t pixels, size_t *found) {
    uint32_t *keys = malloc(pixels * sizeof *keys), *spare = malloc(pixels * sizeof *spare);
    colour_count *colours = NULL;
    if (!keys || !spare) goto done;
    for (size_t i = 0; i < pixels; i++) keys[i] = (uint32_t)rgba[4 * i] << 16 | (uint32_t)rgba[4 * i + 1] << 8 | rgba[4 * i + 2];
    for (int shift = 0; shift < 24; shift += 12) {
        size_t *first = calloc(4097, sizeof *first);  // where each digit's keys start
        if (!first) goto done;
        for (size_t i = 0; i < pixels; i++) first[(keys[i] >> shift & 4095) + 1]++;
        for (int d = 0; d < 4096; d++) first[d + 1] += first[d];
        for (size_t i = 0; i < pixels; i++) spare[first[keys[i] >> shift & 4095]++] = keys[i];
        free(first);
        uint32_t *swap = keys;
        keys = spare;
        spare = swap;
    }
    size_t count = 0;
    for (size_t i = 0; i < pixels; i++) count += i == 0 || keys[i] != keys[i - 1];
    colours = malloc(count * sizeof *colours);
    if (!colours) goto done;
    size_t n = 0;
    for (size_t i = 0; i < pixels; i++) {
        if (i == 0 || keys[i] != keys[i - 1]) colours[n++] = (colour_count){keys[i], 0};
        colours[n - 1].count++;
    }
    *found = n;
done:
    free(keys);
    free(spare);
    return colours;
}

/// A photo's colours, too many to cut one by one, gathered into boxes of 8 levels a channel, each
/// standing for its pixels' mean colour. (The palette of a picture with fewer colours is made from
/// its exact colours: a ramp's every shade counts.)
enum { EXACT_COLOURS = 16384 };

static colour_count *gathered(const colour_count *colours, size_t count, size_t *found) {
    uint64_t (*sums)[4] = calloc(1 << 15, sizeof *sums);
    colour_count *out = NULL;
    if (!sums) return NULL;
    for (size_t i = 0; i < count; i++) {
        uint32_t rgb = colours[i].rgb, w = colours[i].count;
        uint64_t *bin = sums[(rgb >> 19 & 31) << 10 | (rgb >> 11 & 31) << 5 | (rgb >> 3 & 31)];
        bin[0] += w;
        bin[1] += (uint64_t)w * (uint64_t)red_of(rgb);
        bin[2] += (uint64_t)w * (uint64_t)green_of(rgb);
        bin[3] += (uint64_t)w * (uint64_t)blue_of(rgb);
    }
    size_t n = 0;
    for (int i = 0; i < 1 << 15; i++) n += sums[i][0] > 0;
    out = malloc(n * sizeof *out);
    if (out) {
        n = 0;
        for (int i = 0; i < 1 << 15; i++) {
            uint64_t w = sums[i][0];
            if (!w) continue;
            uint32_t r = (uint32_t)((sums[i][1] + w / 2) / w), g = (uint32_t)((sums[i][2] + w / 2) / w), b = (uint32_t)((sums[i][3] + w / 2) / w);
            out[n++] = (colour_count){r << 16 | g << 8 | b, (uint32_t)w};
        }
        *found = n;
    }
    free(sums);
    return out;
}

// MARK: - Median cut

typedef struct {
    size_t start, end;  // a range of the distinct colours
    double error;       // the sum of the pixels' weighted squared distances to the box's mean
    double mean[3];
    int axis;           // the channel along which the box is widest
} box;

static void measure(box *b, const colour_count *colours) {
    double weight = 0, sum[3] = {0, 0, 0}, squares[3] = {0, 0, 0};
    for (size_t i = b->start; i < b->end; i++) {
        double w = colours[i].count, v[3] = {red_of(colours[i].rgb), green_of(colours[i].rgb), blue_of(colours[i].rgb)};
        weight += w;
        for (int c = 0; c < 3; c++) {
            sum[c] += w * v[c];
            squares[c] += w * v[c] * v[c];
        }
    }
    static const double weights[3] = {WEIGHT_RED, WEIGHT_GREEN, WEIGHT_BLUE};
    double widest = -1;
    b->error = 0;
    for (int c = 0; c < 3; c++) {
        b->mean[c] = sum[c] / weight;
        double spread = weights[c] * (squares[c] - sum[c] * b->mean[c]);
        if (spread < 0) spread = 0;
        b->error += spread;
        if (spread > widest) {
            widest = spread;
            b->axis = c;
        }
    }
    // One colour cannot be cut, whatever rounding left in its error.
    if (b->end - b->start < 2) b->error = 0;
}

static int channel(uint32_t rgb, int axis) { return axis == 0 ? red_of(rgb) : axis == 1 ? green_of(rgb) : blue_of(rgb); }

/// Cuts the distinct colours into at most `wanted` boxes, always cutting the box with the largest
/// error at its mean along its widest channel. Returns the number of boxes.
static int median_cut(colour_count *colours, size_t count, box *boxes, int wanted) {
    int made = 1;
    boxes[0] = (box){.start = 0, .end = count};
    measure(&boxes[0], colours);
    while (made < wanted) {
        int worst = 0;
        for (int i = 1; i < made; i++)
            if (boxes[i].error > boxes[worst].error) worst = i;
        box *b = &boxes[worst];
        if (b->error <= 0) break;
        // A partition around the mean: both sides are non-empty, as the box spans more than one value
        // along its widest channel.
        double cut = b->mean[b->axis];
        size_t low = b->start, high = b->end;
        while (low < high) {
            if (channel(colours[low].rgb, b->axis) <= cut) {
                low++;
            } else {
                colour_count swap = colours[low];
                colours[low] = colours[--high];
                colours[high] = swap;
            }
        }
        if (low == b->start || low == b->end) {  // cannot happen with a spread; never loop on it
            b->error = 0;
            continue;
        }
        boxes[made] = (box){.start = low, .end = b->end};
        b->end = low;
        measure(b, colours);
        measure(&boxes[made], colours);
        made++;
    }
    return made;
}

// MARK: - Nearest register

typedef struct {
    int r, g, b, index;
} entry;

/// The palette sorted by green, the heaviest channel: a search for the nearest colour walks out
/// from the pixel's green and stops on each side once green alone is farther than the best found.
typedef struct {
    entry entries[256];
    int count;
} sorted_palette;

static int by_green(const void *a, const void *b) {
    const entry *x = a, *y = b;
    if (x->g != y->g) return x->g - y->g;
    return x->index - y->index;
}

static void sort_palette(sorted_palette *p, const int (*colours)[3], int count) {
    p->count = count;
    for (int i = 0; i < count; i++) p->entries[i] = (entry){colours[i][0], colours[i][1], colours[i][2], i};
    qsort(p->entries, (size_t)count, sizeof(entry), by_green);
}

static int nearest(const sorted_palette *p, int r, int g, int b, int *found_distance) {
    int low = 0, high = p->count;
    while (low < high) {
        int middle = (low + high) / 2;
        if (p->entries[middle].g < g) low = middle + 1; else high = middle;
    }
    int best = -1, best_distance = 0x7fffffff;
    int down = low - 1, up = low;
    while (down >= 0 || up < p->count) {
        if (up < p->count) {
            const entry *e = &p->entries[up];
            int dg = e->g - g;
            if (WEIGHT_GREEN * dg * dg >= best_distance) {
                up = p->count;
            } else {
                int d = distance(r, g, b, e->r, e->g, e->b);
                if (d < best_distance || (d == best_distance && e->index < best)) { best = e->index; best_distance = d; }
                up++;
            }
        }
        if (down >= 0) {
            const entry *e = &p->entries[down];
            int dg = g - e->g;
            if (WEIGHT_GREEN * dg * dg >= best_distance) {
                down = -1;
            } else {
                int d = distance(r, g, b, e->r, e->g, e->b);
                if (d < best_distance || (d == best_distance && e->index < best)) { best = e->index; best_distance = d; }
                down--;
            }
        }
    }
    if (found_distance) *found_distance = best_distance;
    return best;
}

/// Nearest registers remembered for colours rounded to 6 bits a channel: a photo's dithered pixels
/// ask for tens of thousands of colours, each found once. (Rounding moves a colour at most 2 levels
/// a channel; what that costs is spread to the next pixels with the rest of the error.)
typedef struct {
    uint16_t index[1 << 18];  // NOT_FOUND until asked
} nearest_cache;

enum { NOT_FOUND = 0xFFFF };

static int cached_nearest(nearest_cache *cache, const sorted_palette *p, int r, int g, int b) {
    uint32_t slot = (uint32_t)(r >> 2) << 12 | (uint32_t)(g >> 2) << 6 | (uint32_t)(b >> 2);
    if (cache->index[slot] == NOT_FOUND)
        cache->index[slot] = (uint16_t)nearest(p, (r & ~3) + 2, (g & ~3) + 2, (b & ~3) + 2, NULL);
    return cache->index[slot];
}

// MARK: - The palette

/// CIE L*a*b* (D65) of an sRGB colour given in percents.
static void lab_of(const double percent[3], double lab[3]) {
    double linear[3];
    for (int c = 0; c < 3; c++) {
        double v = percent[c] / 100;
        linear[c] = v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
    }
    double xyz[3] = {
        (0.4124 * linear[0] + 0.3576 * linear[1] + 0.1805 * linear[2]) / 0.95047,
        0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2],
        (0.0193 * linear[0] + 0.1192 * linear[1] + 0.9505 * linear[2]) / 1.08883,
    };
    double f[3];
    for (int c = 0; c < 3; c++) f[c] = xyz[c] > 0.008856 ? cbrt(xyz[c]) : 7.787 * xyz[c] + 16.0 / 116;
    lab[0] = 116 * f[1] - 16;
    lab[1] = 500 * (f[0] - f[1]);
    lab[2] = 200 * (f[1] - f[2]);
}

/// A register's colour in whole percents: of the eight triples around the colour, the one nearest to
/// it in CIE L*a*b*, lightness weighed three times (the eye sees a step in lightness sooner than a
/// tint of one percent).
static void to_percents(const double rgb[3], int percent[3]) {
    double wanted[3], floor_of[3], wanted_lab[3];
    for (int c = 0; c < 3; c++) {
        wanted[c] = rgb[c] * 100.0 / 255.0;
        floor_of[c] = (double)(int)wanted[c];
        if (floor_of[c] > 99) floor_of[c] = 99;
    }
    lab_of(wanted, wanted_lab);
    double best = 1e30;
    for (int pick = 0; pick < 8; pick++) {
        double candidate[3], candidate_lab[3];
        for (int c = 0; c < 3; c++) candidate[c] = floor_of[c] + (pick >> c & 1);
        lab_of(candidate, candidate_lab);
        double dl = 3 * (candidate_lab[0] - wanted_lab[0]), da = candidate_lab[1] - wanted_lab[1], db = candidate_lab[2] - wanted_lab[2];
        double error = dl * dl + da * da + db * db;
        if (error < best) {
            best = error;
            for (int c = 0; c < 3; c++) percent[c] = (int)candidate[c];
        }
    }
}

// MARK: - Greys

// Between two whole-percent greys lie no greys: a ramp of 40…215 (176 shades) has only 69 neutral
// registers to take, steps of one percent (about 1 ΔE, 1.4 in the darks) that show as bands. What
// does lie between them are triples one percent off grey in one or two channels, red (p+1, p, p)
// about a fifth of the way up and cyan (p, p+1, p+1) four fifths, tinted 0.7–1.4 ΔE. The picture's
// greys are given such triples together, darkest first, by dynamic programming over each grey's
// candidates. What it weighs:
// - lightness kept: the squared L* error, and GREY_STEP_COST on each step's error against the
//   step between the two greys (a ramp rises as evenly as the grid allows);
// - tint small: GREY_TINT_COST, and no candidate over GREY_TINT;
// - one triple per grey where it can: GREY_SHARED_COST when two share one;
// - tints that cancel: no step of tint over GREY_TINT_STEP between neighbours, and GREY_MEAN_TINT_COST
//   on the mean of the two. What tint there is alternates shade by shade, where the eye resolves
//   least colour; over nine shades the ramp stays within 0.4 ΔE of grey.
// Greys more than GREY_LINK apart in lightness are not neighbours on the screen, only in the list:
// between them only the order is kept (else one grey's rounding would move the next, black off
// black). Black and white are kept as they are.
// The ramp gets 162 shades, each within 0.5 L* of its own, tinted at most 1.25 ΔE. In the darks,
// where a percent is 3 levels, a triple between two greys is mostly tinted over GREY_TINT: most
// steps there stay whole percents.
#define GREY_CHROMA 1.0          // a register at most this far from neutral (a*b*) is a grey
#define GREY_TINT 1.25           // a candidate at most this far (a*b*) from the grey's own colour
#define GREY_TINT_STEP 2.5       // neighbours' colours at most this far apart (a*b*)
#define GREY_LINK 2.0            // greys at most this far apart (L*) are neighbours
#define GREY_STEP_COST 2.0
#define GREY_TINT_COST 0.3
#define GREY_SHARED_COST 0.6
#define GREY_MEAN_TINT_COST 0.6
enum { GREY_CANDIDATES = 24 };   // triples of p…p+1 a channel for p of three neutral percents (22 distinct)

typedef struct {
    int percent[3];
    double lightness, tint[2];  // L*, and a*b* less the grey's own
} grey_candidate;

typedef struct {
    int index;
    double lab[3];
} grey;

static int by_lightness(const void *a, const void *b) {
    const grey *x = a, *y = b;
    if (x->lab[0] != y->lab[0]) return x->lab[0] < y->lab[0] ? -1 : 1;
    return x->index - y->index;
}

/// The candidates for a grey whose colour in percents is `wanted`: every triple within one percent
/// a channel of the neutral greys around it, tinted at most GREY_TINT from it. The neutral grey
/// nearest in lightness is always one (the grey's own tint is under GREY_CHROMA).
static int grey_candidates(const double wanted[3], const double wanted_lab[3], grey_candidate *out) {
    int base = (int)((wanted[0] + wanted[1] + wanted[2]) / 3) - 1, count = 0;
    // Black and white are only themselves.
    int black = wanted[0] == 0 && wanted[1] == 0 && wanted[2] == 0;
    int white = wanted[0] == 100 && wanted[1] == 100 && wanted[2] == 100;
    for (int p = base; p <= base + 2; p++) {
        for (int pick = 0; pick < 8; pick++) {
            int triple[3];
            for (int c = 0; c < 3; c++) triple[c] = p + (pick >> c & 1);
            if (triple[0] < 0 || triple[1] < 0 || triple[2] < 0 || triple[0] > 100 || triple[1] > 100 || triple[2] > 100) continue;
            if ((black && triple[0] + triple[1] + triple[2] != 0) || (white && triple[0] + triple[1] + triple[2] != 300)) continue;
            int seen = 0;
            for (int k = 0; k < count && !seen; k++)
                seen = memcmp(out[k].percent, triple, sizeof triple) == 0;
            if (seen) continue;
            // As the terminal shows it: 8 bits a channel (2 or 3 levels a percent).
            double shown[3], lab[3];
            for (int c = 0; c < 3; c++) shown[c] = (triple[c] * 255 + 50) / 100 * 100.0 / 255.0;
            lab_of(shown, lab);
            double ta = lab[1] - wanted_lab[1], tb = lab[2] - wanted_lab[2];
            if (ta * ta + tb * tb > GREY_TINT * GREY_TINT || count == GREY_CANDIDATES) continue;
            out[count++] = (grey_candidate){{triple[0], triple[1], triple[2]}, lab[0], {ta, tb}};
        }
    }
    return count;
}

static double squared(double v) { return v * v; }

/// Sets the percents of the registers that are greys (marking them in `is_grey`); the others are
/// left alone. Returns -1 when memory runs out (nothing set).
static int choose_greys(const double means[][3], int made, int percents[][3], uint8_t *is_grey) {
    grey greys[256];
    int m = 0;
    for (int i = 0; i < made; i++) {
        double wanted[3], lab[3];
        for (int c = 0; c < 3; c++) wanted[c] = means[i][c] * 100.0 / 255.0;
        lab_of(wanted, lab);
        if (lab[1] * lab[1] + lab[2] * lab[2] <= GREY_CHROMA * GREY_CHROMA) greys[m++] = (grey){i, {lab[0], lab[1], lab[2]}};
    }
    if (m == 0) return 0;
    qsort(greys, (size_t)m, sizeof *greys, by_lightness);
    grey_candidate (*candidates)[GREY_CANDIDATES] = malloc((size_t)m * sizeof *candidates);
    double (*cost)[GREY_CANDIDATES] = malloc((size_t)m * sizeof *cost);
    signed char (*from)[GREY_CANDIDATES] = malloc((size_t)m * sizeof *from);
    int *counts = malloc((size_t)m * sizeof *counts);
    if (!candidates || !cost || !from || !counts) {
        free(candidates); free(cost); free(from); free(counts);
        return -1;
    }
    for (int g = 0; g < m; g++) {
        double wanted[3];
        for (int c = 0; c < 3; c++) wanted[c] = means[greys[g].index][c] * 100.0 / 255.0;
        counts[g] = grey_candidates(wanted, greys[g].lab, candidates[g]);
        for (int k = 0; k < counts[g]; k++) {
            const grey_candidate *here = &candidates[g][k];
            double own = squared(here->lightness - greys[g].lab[0]) +
                         GREY_TINT_COST * (squared(here->tint[0]) + squared(here->tint[1]));
            if (g == 0) {
                cost[g][k] = own;
                from[g][k] = -1;
                continue;
            }
            // The cheapest way here from the grey before: the same triple, or one brighter whose tint
            // is near and cancels this one's, by a step like the greys' own.
            double best = HUGE_VAL;
            int best_from = -1, linked = greys[g].lab[0] - greys[g - 1].lab[0] <= GREY_LINK;
            for (int j = 0; j < counts[g - 1]; j++) {
                const grey_candidate *before = &candidates[g - 1][j];
                if (cost[g - 1][j] == HUGE_VAL) continue;
                double step;
                if (!linked) {
                    if (before->lightness >= here->lightness) continue;
                    step = 0;
                } else if (memcmp(before->percent, here->percent, sizeof here->percent) == 0) {
                    step = GREY_SHARED_COST + GREY_MEAN_TINT_COST * (squared(here->tint[0]) + squared(here->tint[1])) +
                           GREY_STEP_COST * squared(greys[g].lab[0] - greys[g - 1].lab[0]);
                } else {
                    if (before->lightness >= here->lightness) continue;
                    // Tints are measured from each grey's own colour; their step is between the colours.
                    double da = (here->tint[0] + greys[g].lab[1]) - (before->tint[0] + greys[g - 1].lab[1]);
                    double db = (here->tint[1] + greys[g].lab[2]) - (before->tint[1] + greys[g - 1].lab[2]);
                    if (da * da + db * db > GREY_TINT_STEP * GREY_TINT_STEP) continue;
                    step = GREY_MEAN_TINT_COST * (squared((here->tint[0] + before->tint[0]) / 2) +
                                                  squared((here->tint[1] + before->tint[1]) / 2)) +
                           GREY_STEP_COST * squared((here->lightness - before->lightness) - (greys[g].lab[0] - greys[g - 1].lab[0]));
                }
                if (cost[g - 1][j] + step < best) {
                    best = cost[g - 1][j] + step;
                    best_from = j;
                }
            }
            cost[g][k] = best_from < 0 ? HUGE_VAL : best + own;
            from[g][k] = (signed char)best_from;
        }
    }
    int k = -1;
    for (int j = 0; j < counts[m - 1]; j++)
        if (cost[m - 1][j] < HUGE_VAL && (k < 0 || cost[m - 1][j] < cost[m - 1][k])) k = j;
    // There is always a way (each grey's nearest neutral grey, in order); should there be none, the
    // greys are snapped one by one as the other registers are.
    for (int g = m - 1; g >= 0 && k >= 0; g--) {
        memcpy(percents[greys[g].index], candidates[g][k].percent, sizeof percents[0]);
        is_grey[greys[g].index] = 1;
        k = from[g][k];
    }
    free(candidates); free(cost); free(from); free(counts);
    return 0;
}

/// The palette for the picture: `percents` as the registers are set, `shown` as the terminal shows
/// them (8 bits a channel), `flat_against` the colour a pixel drawn flat with the register must be
/// near, and the register of each distinct colour in `assigned`. Returns the number of registers, or
/// -1 when memory runs out.
static int choose_palette(colour_count *colours, size_t count, int registers, int percents[][3], int shown[][3],
                          int flat_against[][3], uint8_t *assigned) {
    box boxes[256];
    int more = count > (size_t)registers, keep_ends = more && registers >= 4;
    // With more colours than registers, boxes' means all lie inside the picture's range: its darkest
    // and brightest colours are kept as registers of their own, so that blacks stay black, whites
    // white, and dither can reach the ends of a ramp (with 4 registers or more).
    int made = median_cut(colours, count, boxes, keep_ends ? registers - 2 : registers);
    double means[256][3];
    for (int i = 0; i < made; i++) {
        for (int c = 0; c < 3; c++) means[i][c] = boxes[i].mean[c];
        for (size_t j = boxes[i].start; j < boxes[i].end; j++) assigned[j] = (uint8_t)i;
    }
    int moving = made;
    size_t darkest = 0, brightest = 0;
    if (keep_ends) {
        int low = 1 << 30, high = -1;
        for (size_t i = 0; i < count; i++) {
            int luma = 2126 * red_of(colours[i].rgb) + 7152 * green_of(colours[i].rgb) + 722 * blue_of(colours[i].rgb);
            if (luma < low) { low = luma; darkest = i; }
            if (luma > high) { high = luma; brightest = i; }
        }
        size_t ends[2] = {darkest, brightest};
        for (int k = 0; k < 2; k++, made++)
            for (int c = 0; c < 3; c++) means[made][c] = channel(colours[ends[k]].rgb, c);
    }
    // k-means over the distinct colours: each moves to its nearest mean, and each mean to its colours;
    // a last pass assigns the colours to the means that came out. (With no more colours than
    // registers, each colour has its own box already.)
    if (more) {
        for (int round = 0; round <= REFINEMENTS; round++) {
            int centres[256][3];
            for (int i = 0; i < made; i++)
                for (int c = 0; c < 3; c++) centres[i][c] = (int)(means[i][c] + 0.5);
            sorted_palette sorted;
            sort_palette(&sorted, (const int (*)[3])centres, made);
            double sums[256][4];
            memset(sums, 0, sizeof sums);
            for (size_t i = 0; i < count; i++) {
                int r = red_of(colours[i].rgb), g = green_of(colours[i].rgb), b = blue_of(colours[i].rgb);
                int k = nearest(&sorted, r, g, b, NULL);
                // The ends are their own registers even when a box's mean rounds to them (a tie).
                if (keep_ends && i == darkest) k = moving;
                if (keep_ends && i == brightest) k = moving + 1;
                assigned[i] = (uint8_t)k;
                double w = colours[i].count;
                sums[k][0] += w * r;
                sums[k][1] += w * g;
                sums[k][2] += w * b;
                sums[k][3] += w;
            }
            if (round == REFINEMENTS) break;
            for (int i = 0; i < moving; i++)
                if (sums[i][3] > 0)
                    for (int c = 0; c < 3; c++) means[i][c] = sums[i][c] / sums[i][3];
        }
    }
    uint8_t is_grey[256] = {0};
    if (choose_greys((const double (*)[3])means, made, percents, is_grey)) return -1;
    for (int i = 0; i < made; i++) {
        if (!is_grey[i]) to_percents(means[i], percents[i]);
        // As xterm, mlterm and foot turn a percent into 8 bits.
        for (int c = 0; c < 3; c++) shown[i][c] = (percents[i][c] * 255 + 50) / 100;
        // A grey register standing for one colour (when the colours, the picture's own or a photo's
        // boxes, are no more than the registers) draws its pixels near that colour flat: its tint is
        // chosen, not an error to spread. A register standing for many colours is what its pixels are
        // measured against.
        for (int c = 0; c < 3; c++) flat_against[i][c] = is_grey[i] && !more ? (int)(means[i][c] + 0.5) : shown[i][c];
    }
    return made;
}

/// Each distinct colour's register, found by colour (open addressing, at most half full).
typedef struct {
    uint32_t *keys;  // the colour + 1, so that 0 is empty
    uint8_t *registers;
    size_t mask;
} register_table;

static int make_table(register_table *t, const colour_count *colours, const uint8_t *assigned, size_t count) {
    size_t size = 1024;
    while (size < 2 * count) size *= 2;
    t->keys = calloc(size, sizeof *t->keys);
    t->registers = malloc(size);
    t->mask = size - 1;
    if (!t->keys || !t->registers) return -1;
    for (size_t i = 0; i < count; i++) {
        uint32_t key = colours[i].rgb + 1;
        size_t slot = (key * 2654435761u) & t->mask;
        while (t->keys[slot]) slot = (slot + 1) & t->mask;
        t->keys[slot] = key;
        t->registers[slot] = assigned[i];
    }
    return 0;
}

static int register_of(const register_table *t, uint32_t rgb) {
    uint32_t key = rgb + 1;
    size_t slot = (key * 2654435761u) & t->mask;
    while (t->keys[slot] != key) slot = (slot + 1) & t->mask;  // every colour of the picture is there
    return t->registers[slot];
}

// MARK: - Output

typedef struct {
    uint8_t *bytes;
    size_t length, capacity;
    int failed;
} output;

static void put(output *o, const char *text, size_t length) {
    if (o->failed) return;
    if (o->length + length > o->capacity) {
        size_t capacity = o->capacity ? o->capacity : 4096;
        while (capacity < o->length + length) capacity *= 2;
        uint8_t *grown = realloc(o->bytes, capacity);
        if (!grown) {
            o->failed = 1;
            return;
        }
        o->bytes = grown;
        o->capacity = capacity;
    }
    memcpy(o->bytes + o->length, text, length);
    o->length += length;
}

static void put_char(output *o, char c) { put(o, &c, 1); }

static void put_number(output *o, long value) {
    char digits[24];
    int n = 0;
    do {
        digits[sizeof digits - 1 - n++] = (char)('0' + value % 10);
        value /= 10;
    } while (value > 0);
    put(o, digits + sizeof digits - n, (size_t)n);
}

/// `count` sixels of the same six bits: `!count` and the character when that is shorter.
static void put_run(output *o, int bits, int count) {
    char sixel = (char)('?' + bits);
    if (count > 3) {
        put_char(o, '!');
        put_number(o, count);
        put_char(o, sixel);
    } else {
        for (int i = 0; i < count; i++) put_char(o, sixel);
    }
}

// MARK: - Encoding

// Floyd–Steinberg, in sixteenths, a row left to right and the next right to left (no diagonal
// streaks); two rows of errors: this one's and the next one's. Each pixel's register goes to
// `indices`, and each register drawn with is marked in `used`.
static void dither(const uint8_t *rgba, int width, int height, int exact, const register_table *table, nearest_cache *cache,
                   const sorted_palette *palette, int shown[256][3], int flat_against[256][3], int *errors, uint8_t *indices,
                   int used[256]) {
    size_t stride = ((size_t)width + 2) * 3;
    for (int y = 0; y < height; y++) {
        int *here = errors + (size_t)(y & 1) * stride, *below = errors + (size_t)((y + 1) & 1) * stride;
        memset(below, 0, stride * sizeof *below);
        int step = y & 1 ? -1 : 1;
        for (int n = 0; n < width; n++) {
            int x = step > 0 ? n : width - 1 - n;
            const uint8_t *p = rgba + ((size_t)y * (size_t)width + (size_t)x) * 4;
            // The pixel's own register (as the palette was made, for exact colours); drawn flat when it
            // is close enough.
            int index = exact ? register_of(table, (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2])
                              : cached_nearest(cache, palette, p[0], p[1], p[2]);
            int *e = here + (size_t)(x + 1) * 3;
            if (distance(p[0], p[1], p[2], flat_against[index][0], flat_against[index][1], flat_against[index][2]) > FLAT_DISTANCE) {
                int wanted[3];
                for (int c = 0; c < 3; c++) {
                    int v = p[c] + e[c] / 16;
                    wanted[c] = v < 0 ? 0 : v > 255 ? 255 : v;
                }
                index = cached_nearest(cache, palette, wanted[0], wanted[1], wanted[2]);
                for (int c = 0; c < 3; c++) {
                    int spread = wanted[c] - shown[index][c];
                    e[3 * step + c] += spread * 7;                          // ahead
                    (below + (size_t)(x + 1) * 3)[-3 * step + c] += spread * 3;  // below, behind
                    (below + (size_t)(x + 1) * 3)[c] += spread * 5;         // below
                    (below + (size_t)(x + 1) * 3)[3 * step + c] += spread;  // below, ahead
                }
            }
            indices[(size_t)y * (size_t)width + (size_t)x] = (uint8_t)index;
            used[index] = 1;
        }
    }
}

// DCS P1=0 (aspect 2:1, overridden by the raster attributes), P2=1 (unset pixels keep what is
// behind them), then 1:1 pixels and the picture's size; then the registers drawn with.
static void put_header(output *out, int width, int height, int made, const int used[256], int percents[256][3]) {
    put(out, "\033P0;1;0q\"1;1;", 13);
    put_number(out, width);
    put_char(out, ';');
    put_number(out, height);
    for (int i = 0; i < made; i++) {
        if (!used[i]) continue;
        put_char(out, '#');
        put_number(out, i);
        put(out, ";2;", 3);
        for (int c = 0; c < 3; c++) {
            if (c) put_char(out, ';');
            put_number(out, percents[i][c]);
        }
    }
}

// Band by band: each colour in the band is one pass over the columns it spans, its six bits a
// column gathered first (in `bits`, a row of `width` for each register, left zeroed).
static void put_bands(output *out, const uint8_t *indices, uint8_t *bits, int width, int height) {
    int in_band[256], first[256], last[256], order[256];
    memset(in_band, 0, sizeof in_band);
    for (int top = 0; top < height; top += 6) {
        int colours_in_band = 0;
        int rows = height - top < 6 ? height - top : 6;
        for (int x = 0; x < width; x++) {
            for (int r = 0; r < rows; r++) {
                int i = indices[(size_t)(top + r) * (size_t)width + (size_t)x];
                if (!in_band[i]) {
                    in_band[i] = 1;
                    first[i] = x;
                    order[colours_in_band++] = i;
                }
                last[i] = x;
                bits[(size_t)i * (size_t)width + (size_t)x] |= (uint8_t)(1 << r);
            }
        }
        for (int k = 0; k < colours_in_band; k++) {
            int i = order[k];
            uint8_t *row = bits + (size_t)i * (size_t)width;
            put_char(out, '#');
            put_number(out, i);
            if (first[i] > 0) put_run(out, 0, first[i]);
            int x = first[i];
            while (x <= last[i]) {
                int run = 1;
                while (x + run <= last[i] && row[x + run] == row[x]) run++;
                put_run(out, row[x], run);
                memset(row + x, 0, (size_t)run);
                x += run;
            }
            in_band[i] = 0;
            if (k + 1 < colours_in_band) put_char(out, '$');
        }
        if (top + 6 < height) put_char(out, '-');
    }
}

uint8_t *photorepl_sixel_encode(const uint8_t *rgba, int width, int height, int registers, size_t *length) {
    *length = 0;
    if (!rgba || width <= 0 || height <= 0 || (size_t)width * (size_t)height > (size_t)1 << 28) return NULL;
    if (registers < 2) registers = 2;
    if (registers > 256) registers = 256;
    size_t pixels = (size_t)width * (size_t)height;

    size_t count = 0;
    colour_count *colours = distinct_colours(rgba, pixels, &count);
    int exact = count <= EXACT_COLOURS;
    if (colours && !exact) {
        colour_count *boxes = gathered(colours, count, &count);
        free(colours);
        colours = boxes;
    }
    uint8_t *indices = malloc(pixels);
    int *errors = calloc(2 * ((size_t)width + 2) * 3, sizeof *errors);
    uint8_t *bits = calloc((size_t)registers * (size_t)width, 1);
    nearest_cache *cache = malloc(sizeof *cache);
    uint8_t *assigned = colours ? malloc(count) : NULL;
    register_table table = {0};
    output out = {0};
    if (!colours || !indices || !errors || !bits || !cache || !assigned) goto done;
    memset(cache->index, 0xFF, sizeof cache->index);

    int percents[256][3], shown[256][3], flat_against[256][3];
    int made = choose_palette(colours, count, registers, percents, shown, flat_against, assigned);
    if (made < 0) goto done;
    if (exact && make_table(&table, colours, assigned, count)) goto done;
    sorted_palette palette;
    sort_palette(&palette, (const int (*)[3])shown, made);

    int used[256] = {0};
    dither(rgba, width, height, exact, &table, cache, &palette, shown, flat_against, errors, indices, used);
    put_header(&out, width, height, made, used, percents);
    put_bands(&out, indices, bits, width, height);
    put(&out, "\033\\", 2);

done:  // what was made for the picture is freed, whether it was made or not
    free(colours);
    free(assigned);
    free(table.keys);
    free(table.registers);
    free(indices);
    free(errors);
    free(bits);
    free(cache);
    if (out.failed || !out.bytes) {
        free(out.bytes);
        return NULL;
    }
    *length = out.length;
    return out.bytes;
}

void photorepl_sixel_free(uint8_t *bytes) { free(bytes); }
