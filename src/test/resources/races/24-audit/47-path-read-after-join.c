/* expect: race-free */
/* audit D38, the race-free twin of 46: main reads the spool path (unlink, fopen, rename, access) only after joining the worker that composed it, so no read of the library's meets the worker's write. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static char spool[32] = "/weft-none/spool.0";

static void *worker(void *arg) {
    (void) arg;
    strcpy(spool, "/weft-none/spool.1"); // NORACE
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
    if (unlink(spool) != 0 && access(spool, F_OK) != 0) { // NORACE
        FILE *f = fopen(spool, "r"); // NORACE
        if (f != NULL)
            fclose(f);
        rename(spool, "/weft-none/spool.old");
    }
    return 0;
}
