/* expect: racy */
/* weft: imprecise: the explorer does not execute strtok_r, so the race is found but not confirmed. A worker tokenises a buffer it allocated itself with strtok_r and a save pointer that is a global (under a mutex): strtok_r stores a pointer into the buffer there, which publishes the buffer, so main's read through the save pointer races with the worker's later unlocked write to the buffer. Regression: storing library functions were taken as never publishing their arguments, so the buffer counted as the worker's own. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

char *save;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
    (void)arg;
    char *buf = malloc(16);
    if (!buf) return NULL;
    strcpy(buf, "ab cd");
    pthread_mutex_lock(&m);
    strtok_r(buf, " ", &save);
    pthread_mutex_unlock(&m);
    buf[3] = 'x'; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_lock(&m);
    char *p = save; // NORACE
    pthread_mutex_unlock(&m);
    int c = p ? p[0] : 0; // RACE!
    pthread_join(t, NULL);
    return c;
}
