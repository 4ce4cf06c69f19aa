/* expect: racy */
/* memset called through a function pointer writes g while main reads it. */
#include <pthread.h>
#include <string.h>

int g;
void *(*clear)(void *, int, size_t) = memset;

void *worker(void *arg) {
    (void)arg;
    clear(&g, 0, sizeof g); // RACE!
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    int v = g; // RACE!
    pthread_join(t, NULL);
    return v;
}
