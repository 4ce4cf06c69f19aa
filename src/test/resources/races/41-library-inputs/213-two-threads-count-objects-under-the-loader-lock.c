/* expect: race-free */
/* issue 35: two threads walk the loaded objects at once with the same callback, which counts the objects in a global
   without a lock of the program's: glibc holds its loader lock (dl_load_write_lock) across the whole walk, so the
   callbacks of the two threads never overlap and each is ordered by the lock (its release and acquisition). Weft takes
   the lock's object around the callbacks' loop (libc.tsv's @loader): proved; main reads the count after joining both. */
#define _GNU_SOURCE
#include <link.h>
#include <pthread.h>
#include <stdio.h>

static int objects;

static int count(struct dl_phdr_info *info, size_t size, void *data) {
    (void) info;
    (void) size;
    (void) data;
    objects++; // NORACE
    return 0;
}

static void *walker(void *arg) {
    dl_iterate_phdr(count, NULL);
    return arg;
}

int main(void) {
    pthread_t a, b;
    if (pthread_create(&a, NULL, walker, NULL) != 0) return 1;
    if (pthread_create(&b, NULL, walker, NULL) != 0) return 1;
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    printf("%d objects seen\n", objects); // NORACE
    return 0;
}
