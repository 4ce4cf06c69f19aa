/* expect: race-free */
/* issue 35: 201's metrics exporter with the page's first line published under the lock the scraper reads it under;
   the memory stream's block, text and length stay the main thread's. The page is rendered into an open_memstream
   buffer: a header with fprintf, 90 fixed-width sample lines (glibc grows the stream's 8,192-byte block on the way), a
   footer with fputs and fputc, a fflush that hands the text and its length over half way, fwrite, then fclose.
   Proved race-free (the scraper's printf reads a string literal, counted for the proof). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char published[32];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *scraper(void *arg) {
    pthread_mutex_lock(&lock);
    char first = published[0]; // NORACE
    pthread_mutex_unlock(&lock);
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
        pthread_mutex_lock(&lock);
        memcpy(published, page, 12); // NORACE
        pthread_mutex_unlock(&lock);
    }
    free(page);
    pthread_join(t, NULL);
    return 0;
}
