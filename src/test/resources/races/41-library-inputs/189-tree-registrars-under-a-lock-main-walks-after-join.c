/* expect: race-free */
/* issue 35: the locked twin of 188: two registrar threads add their names to one glibc binary tree (tsearch), each
   under the registry's mutex; main joins them, then walks the tree (twalk), looks a name up (tfind), deletes one
   (tdelete) and frees the tree (tdestroy): every access to the root pointer and the nodes is ordered. */
#define _GNU_SOURCE
#include <pthread.h>
#include <search.h>
#include <stdio.h>
#include <string.h>

static void *names;
static pthread_mutex_t registry = PTHREAD_MUTEX_INITIALIZER;
static int listed;

static int by_name(const void *a, const void *b) {
    return strcmp(a, b);
}

static void *registrar(void *arg) {
    pthread_mutex_lock(&registry);
    tsearch(arg, &names, by_name); // NORACE
    pthread_mutex_unlock(&registry);
    return NULL;
}

static void count(const void *node, VISIT which, int depth) {
    (void) node;
    (void) depth;
    if (which == postorder || which == leaf) listed++;
}

static void keep(void *key) {
    (void) key;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, registrar, "alpha");
    pthread_create(&b, NULL, registrar, "beta");
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    twalk(names, count); // NORACE
    void *found = tfind("beta", &names, by_name);
    tdelete("alpha", &names, by_name); // NORACE
    printf("%d names, beta %s\n", listed, found != NULL ? "registered" : "missing");
    tdestroy(names, keep);
    return 0;
}
