/* expect: racy */
/* A worker formats a status line into a global buffer with sprintf while main prints that buffer: sprintf's write of the buffer races with puts' read. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static char status[64];

static void *worker(void *arg) {
    sprintf(status, "worker %ld: %s, %u jobs, 0x%04x", (long)arg, "busy", 3u, 255); // RACE!
    return NULL;
}

int main(void) {
    pthread_t t;
    strcpy(status, "starting");
    pthread_create(&t, NULL, worker, (void *)7L);
    puts(status); // RACE!
    pthread_join(t, NULL);
    return 0;
}
