/* expect: race-free */
/* The helper that calls pthread_exit runs only after the child was joined: joining the thread joins the child. */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);
int flag;
int data;

void *grandchild(void *arg) {
    (void)arg;
    data = 1; // NORACE
    return NULL;
}

static void maybe_quit(void) {
    if (flag) pthread_exit(NULL);
}

void *child(void *arg) {
    pthread_t t;
    (void)arg;
    pthread_create(&t, NULL, grandchild, NULL);
    pthread_join(t, NULL);
    maybe_quit();
    return NULL;
}

int main(void) {
    pthread_t t;
    flag = __VERIFIER_nondet_int();
    pthread_create(&t, NULL, child, NULL);
    pthread_join(t, NULL);
    data = 2; // NORACE
    return 0;
}
