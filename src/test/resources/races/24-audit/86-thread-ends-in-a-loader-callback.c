/* expect: racy */
/* weft: imprecise: the witness search stops where a thread ends inside dl_iterate_phdr's callback (glibc's cleanup releases its loader lock there) */
/* audit: a thread that ends inside a dl_iterate_phdr callback (pthread_exit from the callback) leaves glibc's loader
   lock free (dl_iterate_phdr's cleanup handler releases it), so a second thread's walk goes on and its write of the
   flag after the walk races with main's read. A layer that kept the lock held by the ended thread would never reach
   the write: the bounded layer takes neither the lock nor its release (Event.LockKind.LIBRARY), the witness search
   stops there. Not race-free. */
#define _GNU_SOURCE
#include <link.h>
#include <pthread.h>
#include <stdio.h>

static int done_walking;

static int leave(struct dl_phdr_info *info, size_t size, void *data) {
    (void) info;
    (void) size;
    (void) data;
    pthread_exit(NULL);
}

static int count(struct dl_phdr_info *info, size_t size, void *data) {
    (void) info;
    (void) size;
    ++*(int *) data;
    return 0;
}

static void *quitter(void *arg) {
    dl_iterate_phdr(leave, NULL);
    return arg;
}

static void *walker(void *arg) {
    int n = 0;
    dl_iterate_phdr(count, &n);
    done_walking = n; // RACE!
    return arg;
}

int main(void) {
    pthread_t q, w;
    pthread_create(&q, NULL, quitter, NULL);
    pthread_join(q, NULL);
    pthread_create(&w, NULL, walker, NULL);
    printf("%d\n", done_walking); // RACE!
    pthread_join(w, NULL);
    return 0;
}
