/* Scripts/bench's throughput yardstick: the plainest C loop over photorepl's throughput script.
 * It reads the script line by line, compares each line with the script's commands, keeps the state
 * photorepl's scenes would (the count, the fetched photos' order, the page, the open photo) and writes
 * a line or two per command of the same kind as photorepl's: the prompt with the command, then the
 * count, the page control, the photo's position or the move. It knows only the commands of the
 * script (no parsing of numbers, no help, no errors beyond "unknown command").
 *   usage: loop SCRIPT     (output to standard output)
 */
#include <stdio.h>
#include <string.h>

static int count, total, page, index_;  /* index_ 0: the collection; N: photo N's detail is open */
static int order[30];                   /* the fetched photos, in the collection's order */

static void page_control(void) {
    for (int i = 1; i <= total; i++) fputs(i == page ? (i < total ? "● " : "●") : (i < total ? "○ " : "○"), stdout);
    printf("  %d/%d\n", page, total);
}

int main(int argc, char **argv) {
    FILE *script = argc == 2 ? fopen(argv[1], "r") : NULL;
    if (!script) { fprintf(stderr, "usage: loop SCRIPT\n"); return 64; }
    char line[256];
    printf("count: %d\n", count);
    while (fgets(line, sizeof line, script)) {
        line[strcspn(line, "\n")] = 0;
        if (index_) printf("photos/detail %d> %s\n", index_, line); else printf("photos> %s\n", line);
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
            index_ = 2;
            printf("Photo %d of %d\n  id           photo-%d\n", index_, total, order[index_ - 1]);
        } else if (strcmp(line, "move 4") == 0) {
            int moved = order[index_ - 1], to = 4;
            if (index_ < to) memmove(&order[index_ - 1], &order[index_], (size_t)(to - index_) * sizeof *order);
            else memmove(&order[to], &order[to - 1], (size_t)(index_ - to) * sizeof *order);
            order[to - 1] = moved;
            printf("Moved photo %d to position %d.\nPhoto %d of %d\n", index_, to, to, total);
            index_ = to;
        } else if (strcmp(line, "back") == 0) {
            page = index_;
            index_ = 0;
            page_control();
        } else {
            printf("unknown command: %s\n", line);
        }
    }
    return 0;
}
