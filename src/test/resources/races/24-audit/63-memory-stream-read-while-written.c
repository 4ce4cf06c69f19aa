/* expect: racy */
/* audit D46, its regression: fmemopen makes a stream of the program's array; output on the stream writes the array. A worker printing into the stream while main read the array raced, but the library table said fmemopen only read its mode and fprintf only its format: every layer proved the program race-free. fmemopen now writes the array (mode "w" empties it) and stores it in the stream library's hidden state, which every stream call reads and writes. weft: imprecise: the explorer has no model of a memory stream, so the race is possible, not confirmed (unknown, never true). */
#include <pthread.h>
#include <stdio.h>

static char text[64];
static FILE *out;
static int seen;

static void *worker(void *arg) {
    (void) arg;
    fprintf(out, "%d", 42); // RACE!
    fflush(out); // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    out = fmemopen(text, sizeof text, "w");
    if (!out)
        return 1;
    pthread_create(&t, 0, worker, 0);
    seen = text[0]; // RACE!
    pthread_join(t, 0);
    fclose(out);
    return seen;
}
