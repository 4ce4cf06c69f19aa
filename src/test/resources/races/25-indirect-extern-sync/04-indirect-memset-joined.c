/* expect: race-free */
/* memset called through a function pointer writes g; main reads g only after joining the writer. */
#include <pthread.h>
#include <string.h>

int g;
void *(*clear)(void *, int, size_t) = memset;

void *worker(void *arg) {
    (void)arg;
    clear(&g, 0, sizeof g); // NORACE
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    int v = g; // NORACE
    return v;
}
