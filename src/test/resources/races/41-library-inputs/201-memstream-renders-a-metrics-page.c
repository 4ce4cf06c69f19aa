/* expect: racy */
/* issue 35: a metrics exporter renders its page into an open_memstream buffer: a header with fprintf, 90 fixed-width
   sample lines (9,000 bytes: glibc grows the stream's 8,192-byte block to 16,484 bytes on the way), a footer with fputs
   and fputc, a fflush that hands the text and its length over half way, fwrite, then fclose. Only when every length
   and byte is glibc's does it publish the page's first line, which a scraper thread reads without a lock: confirmed
   and replayed (the replay runs the real glibc, so a wrong length or text in Weft's model would not reach the write). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char published[32];

static void *scraper(void *arg) {
    char first = published[0]; // RACE!
    printf("page %s\n", first != 0 ? "published" : "pending");
    return arg;
}

int main(void) {
    pthread_t t;
    char *page = NULL;
    size_t length = 0;
    pthread_create(&t, NULL, scraper, NULL);
    FILE *out = open_memstream(&page, &length);
    if (out == NULL) return 1;
    int header = fprintf(out, "# metrics v%d\n", 2);
    for (int i = 0; i < 90; i++) fprintf(out, "sample_%04d %87d\n", i, i * 7);
    fputs("# end", out);
    fputc('\n', out);
    fflush(out);
    size_t flushed = length;
    char last = page[flushed - 1];
    fwrite("#\n", 1, 2, out);
    if (fclose(out) != 0) return 1;
    if (header == 13 && flushed == 9019 && last == '\n' && length == 9021 && page[9021] == 0
        && strncmp(page + 13, "sample_0000 ", 12) == 0 && strcmp(page + 9013, "# end\n#\n") == 0) {
        memcpy(published, page, 12); // RACE!
    }
    free(page);
    pthread_join(t, NULL);
    return 0;
}
