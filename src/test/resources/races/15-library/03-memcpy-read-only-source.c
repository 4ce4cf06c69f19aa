/* expect: race-free */
/* Several threads memcpy from the same shared table into private buffers: only reads of shared memory. */
#include <pthread.h>
#include <string.h>

int table[4] = { 1, 2, 3, 4 };

void *worker(void *arg) {
    int local[4];
    memcpy(local, table, sizeof local); // NORACE
    return local[2] == 3 ? NULL : arg;
}

int main(void) {
    pthread_t t1, t2;
    int copy[4];
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    memcpy(copy, table, sizeof copy); // NORACE
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return copy[0];
}
