/* Scripts/bench's throughput yardstick: the plainest C loop over photorepl's throughput script.
 * It reads the script line by line, compares each line with the script's commands, keeps the state
 * photorepl's scenes would (the count, the fetched photos' order, the page, the open photo) and writes
 * a line or two per command of the same kind as photorepl's: the prompt with the command, then the
 * count, the page control, the photo's position or the move. It knows only the commands of the
 * script (no parsing of numbers, no help, no errors beyond "unknown command", which fails the run).
 *   usage: loop SCRIPT     (output to standard output; exit 1 if a command was unknown)
 */
#include <stdio.h>
#include <string.h>

static int count, total, page, detail;  /* detail 0: the collection; N: photo N's detail is open */
static int order[30];                   /* the fetched photos, in the collection's order */

static void page_control(void) {
    for (int i = 1; i <= total; i++) fputs(i == page ? (i < total ? "● " : "●") : (i < total ? "○ " : "○"), stdout);
    printf("  %d/%d\n", page, total);
}

int main(int argc, char **argv) {
    FILE *script = argc == 2 ? fopen(argv[1], "r") : NULL;
    if (!script) { fprintf(stderr, "usage: loop SCRIPT\n"); return 64; }
    char line[256];
    int unknown = 0;
    printf("count: %d\n", count);
    while (fgets(line, sizeof line, script)) {
        line[strcspn(line, "\n")] = 0;
        if (detail) printf("photos/detail %d> %s\n", detail, line); else printf("photos> %s\n", line);
        if (strcmp(line, "count +") == 0) {
            if (count < 30) count++;
            printf("count: %d\n", count);
        } else if (strcmp(line, "count -") == 0) {
            if (count > 0) count--;
            printf("count: %d\n", count);
        } else if (strcmp(line, "fetch") == 0) {
            total = count;
            for (int i = 0; i < total; i++) order[i] = i + 1;
            page = total ? 1 : 0;
            printf("Fetched %d photos.\n", total);
            page_control();
        } else if (strcmp(line, "next") == 0) {
            if (page < total) page++;
            page_control();
        } else if (strcmp(line, "open 2") == 0) {
            detail = 2;
            printf("Photo %d of %d\n  id           photo-%d\n", detail, total, order[detail - 1]);
        } else if (strcmp(line, "move 4") == 0) {
            int moved = order[detail - 1], to = 4;
            if (detail < to) memmove(&order[detail - 1], &order[detail], (size_t)(to - detail) * sizeof *order);
            else memmove(&order[to], &order[to - 1], (size_t)(detail - to) * sizeof *order);
            order[to - 1] = moved;
            printf("Moved photo %d to position %d.\nPhoto %d of %d\n", detail, to, to, total);
            detail = to;
        } else if (strcmp(line, "back") == 0) {
            if (detail) page = detail;
            detail = 0;
            page_control();
        } else {
            printf("unknown command: %s\n", line);
            unknown++;
        }
    }
    return unknown ? 1 : 0;  /* like photorepl's run: a command that fails fails the run */
}
