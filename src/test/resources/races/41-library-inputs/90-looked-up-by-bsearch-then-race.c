/* expect: racy */
/* issue 35: bsearch calls the program's comparator as glibc's binary search does (weft.exec.Sorts): each worker looks
   a port up in a sorted table and counts a hit without a lock; a port not in the table is not counted. */
#include <pthread.h>
#include <stdlib.h>

static const int ports[6] = {21, 22, 25, 80, 443, 8080};
static int hits;

static int by_port(const void *key, const void *elem) {
    return *(const int *) key - *(const int *) elem;
}

static void *worker(void *arg) {
    int wanted = 443, missing = 23;
    const int *found = bsearch(&wanted, ports, 6, sizeof ports[0], by_port);
    if (bsearch(&missing, ports, 6, sizeof ports[0], by_port) == NULL && found == &ports[4]) hits++; // RACE!
    return arg;
}

int main(void) {
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    return hits == 2 ? 0 : 1;
}
