/* expect: racy */
/* issue 35: sol's start-up shape: before any thread exists, main builds a memory pool of 32,768 blocks of 336 bytes
   (11 MB; sol's has 131,072) whose free list a loop of as many iterations writes (about 200,000 steps, ten times the
   search's step limit), and reads its configuration from the environment; then
   two workers take clients from the pool and count them without a lock. Every execution of the search shares that
   long single-threaded beginning: weft.explore.Prefixes runs it once per distinct sequence of choices and resumes later
   executions from its snapshots. Like sol, it logs its file limit (getrlimit: the soft and hard limits are the world's
   answers, recorded; the reproducer gives them back). */
#include <pthread.h>
#include <stdio.h>
#include <sys/resource.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct pool {
    char *memory;
    intptr_t *free;
    size_t blocks, blocksize, used;
};

struct client {
    int fd;
    char id[320];
    long seen;
};

static struct pool *pool_new(size_t blocks, size_t blocksize) {
    struct pool *p = malloc(sizeof *p);
    if (!p) return NULL;
    p->memory = calloc(blocks, blocksize);
    if (!p->memory) return NULL;
    p->free = (intptr_t *) p->memory;
    p->blocks = blocks;
    p->blocksize = blocksize;
    intptr_t *ptr = p->free;
    for (size_t i = 1; i != blocks; ++i) {
        *ptr = (intptr_t) i;
        ptr = (intptr_t *) ((char *) ptr + blocksize);
    }
    p->used = 0;
    return p;
}

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static struct pool *pool;
static int verbose;
long clients;

static struct client *pool_alloc(void) {
    pthread_mutex_lock(&pool_lock);
    void *c = pool->free;
    pool->free = (intptr_t *) (pool->memory + *pool->free * pool->blocksize);
    pool->used++;
    pthread_mutex_unlock(&pool_lock);
    return c;
}

static void *worker(void *arg) {
    struct client *c = pool_alloc();
    c->fd = (int) (intptr_t) arg;
    if (verbose) c->seen = 1;
    clients++; // RACE!
    return NULL;
}

int main(void) {
    const char *v = getenv("POOL_VERBOSE");
    verbose = v != NULL && strcmp(v, "1") == 0;
    struct rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return 1;
    if (limit.rlim_cur < 2) return 1;
    printf("file handles soft limit: %lu\n", (unsigned long) limit.rlim_cur);
    pool = pool_new(32768, sizeof(struct client));
    if (!pool) return 1;
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, (void *) (intptr_t) (i + 3));
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    return 0;
}
