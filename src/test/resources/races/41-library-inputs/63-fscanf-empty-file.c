/* expect: racy */
/* fscanf of a configuration file the world may give (issue 35: weft.exec.Streams): an empty one, where it returns EOF at once, and the unlocked flag is written there. */
#include <pthread.h>
#include <stdio.h>
static int shared;
static void *worker(void *arg) {
    (void) arg;
    shared = 1; // RACE!
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    FILE *f = fopen("/etc/weft-none.conf", "r");
    int port = 0;
    if (f != NULL) {
        if (fscanf(f, "%d", &port) == EOF)
            shared = 2; // RACE!
        fclose(f);
    }
    pthread_join(t, 0);
    return port;
}
