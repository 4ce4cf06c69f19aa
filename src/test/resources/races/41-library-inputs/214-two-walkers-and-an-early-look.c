/* expect: racy */
/* issue 35: 213's two walkers, whose callbacks the loader lock keeps apart, and main taking an early look at the count
   before it joins them, without a lock: that read races with the callbacks' writes. Confirmed; replayed with both
   walks under the reproducer's stand-in for the loader lock (TSan reports main's read, not the callbacks). */
#define _GNU_SOURCE
#include <link.h>
#include <pthread.h>
#include <stdio.h>

static int objects;

static int count(struct dl_phdr_info *info, size_t size, void *data) {
    (void) info;
    (void) size;
    (void) data;
    objects++; // RACE!
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
    int early = objects; // RACE!
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    printf("%d objects seen, %d early\n", objects, early);
    return 0;
}
