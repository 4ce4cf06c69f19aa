/* expect: racy */
/* audit D46, its regression: open_memstream is given where to store its buffer's address and size; fflush and fclose store them there later, in whatever thread calls them. A worker flushing the stream while main read the size raced, but the library table said open_memstream touched nothing and fflush nothing: every layer proved the program race-free. open_memstream now writes both and stores them in the stream library's hidden state, which every stream call reads and writes. weft: imprecise: the explorer has no model of a memory stream, so the race is possible, not confirmed (unknown, never true). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static char *text;
static size_t size;
static FILE *out;

static void *worker(void *arg) {
    (void) arg;
    fputs("hello", out); // RACE!
    fflush(out); // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    size_t seen;
    out = open_memstream(&text, &size);
    if (!out)
        return 1;
    pthread_create(&t, 0, worker, 0);
    seen = size; // RACE!
    pthread_join(t, 0);
    fclose(out);
    free(text);
    return seen > 5;
}
