/* expect: racy */
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
