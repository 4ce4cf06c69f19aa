/* expect: race-free */
/* audit D44, its race-free twin: the mapping is unmapped only after the worker that reads it is joined. */
#include <pthread.h>
#include <sys/mman.h>

static char *map;
static int seen;

static void *worker(void *arg) {
    (void) arg;
    seen = map[0]; // NORACE
    return 0;
}

int main(void) {
    pthread_t t;
    map = mmap(0, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED)
        return 1;
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
    munmap(map, 4096); // NORACE
    return seen;
}
