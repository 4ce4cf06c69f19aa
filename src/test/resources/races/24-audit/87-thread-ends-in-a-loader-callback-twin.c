/* expect: race-free */
/* audit: 86's twin: main joins the walker before it reads the flag: race-free (proved: the read comes after the
   join). */
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
    done_walking = n; // NORACE
    return arg;
}

int main(void) {
    pthread_t q, w;
    pthread_create(&q, NULL, quitter, NULL);
    pthread_join(q, NULL);
    pthread_create(&w, NULL, walker, NULL);
    pthread_join(w, NULL);
    printf("%d\n", done_walking); // NORACE
    return 0;
}
