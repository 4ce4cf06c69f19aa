/* expect: race-free */
/* audit D46, the race-free twin of 63: main reads the stream's array only after joining the worker that printed into it, so the writes the stream's calls make into the array happen before the read. The thread-modular layer proves it whatever the stream does. */
#include <pthread.h>
#include <stdio.h>

static char text[64];
static FILE *out;

static void *worker(void *arg) {
    (void) arg;
    fprintf(out, "%d", 42);
    fflush(out);
    return 0;
}

int main(void) {
    pthread_t t;
    int seen;
    out = fmemopen(text, sizeof text, "w");
    if (!out)
        return 1;
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
    seen = text[0]; // NORACE
    fclose(out);
    return seen;
}
