/* expect: racy */
/* A helper may end the thread with pthread_exit before it joins its child: joining it does not join the child. */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);
int flag;
int data;

void *grandchild(void *arg) {
    (void)arg;
    data = 1; // RACE!
    return NULL;
}

static void maybe_quit(void) {
    if (flag) pthread_exit(NULL);
}

void *child(void *arg) {
    pthread_t t;
    (void)arg;
    pthread_create(&t, NULL, grandchild, NULL);
    maybe_quit();
    pthread_join(t, NULL);
    return NULL;
}

int main(void) {
    pthread_t t;
    flag = __VERIFIER_nondet_int();
    pthread_create(&t, NULL, child, NULL);
    pthread_join(t, NULL);
    data = 2; // RACE!
    return 0;
}
