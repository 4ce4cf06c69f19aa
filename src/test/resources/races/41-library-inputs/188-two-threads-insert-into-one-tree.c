/* expect: racy */
/* issue 35: two threads register names in one glibc binary tree (tsearch) without a lock. tsearch reads the tree's
   root pointer first and, when the tree was empty, writes it: the two calls race on the root pointer (inside the C
   library; the reproducer's wrapper shows glibc's read and write to ThreadSanitizer). */
#define _GNU_SOURCE
#include <pthread.h>
#include <search.h>
#include <stdio.h>
#include <string.h>

static void *names;

static int by_name(const void *a, const void *b) {
    return strcmp(a, b);
}

static void *registrar(void *arg) {
    tsearch("worker", &names, by_name); // RACE!
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, registrar, NULL);
    void *entry = tsearch("main", &names, by_name); // RACE!
    pthread_join(t, NULL);
    printf("%s\n", entry != NULL ? *(char **) entry : "none");
    return 0;
}
