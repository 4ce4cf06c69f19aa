/* expect: racy */
/* audit D38, its regression: fopen, unlink, rename, open, opendir, remove and the other file-system functions read the path (and mode) strings they are given, but the library table said they read nothing. A worker composing the next spool path while main removes the current one raced on the buffer, and every layer proved the program race-free; the explorer now reads the path and confirms the race (the reproducer reads it where TSan sees). */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static char spool[32] = "/weft-none/spool.0";

static void *worker(void *arg) {
    (void) arg;
    strcpy(spool, "/weft-none/spool.1"); // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    if (unlink(spool) != 0) // RACE!
        remove("/weft-none/spool.old");
    pthread_join(t, 0);
    return 0;
}
