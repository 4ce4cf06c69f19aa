/* expect: racy */
/* audit D44, its regression: munmap ends the mapping it is given, as free ends a block, but the library table said it touched nothing. A worker reading the mapping while main unmapped it raced, and every layer proved the program race-free. munmap now writes the mapped bytes (msync reads them, madvise and a fixed mmap write them). weft: imprecise: the explorer does not confirm through mmap (a mapping's contents are the world's), so the race is possible, not confirmed (unknown, never true). */
#include <pthread.h>
#include <sys/mman.h>

static char *map;
static int seen;

static void *worker(void *arg) {
    (void) arg;
    seen = map[0]; // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    map = mmap(0, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED)
        return 1;
    pthread_create(&t, 0, worker, 0);
    munmap(map, 4096); // RACE!
    pthread_join(t, 0);
    return seen;
}
