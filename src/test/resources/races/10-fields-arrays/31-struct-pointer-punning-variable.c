/* expect: racy */
/* A pointer to a header struct that the variable's declared type does not contain (the struct sockaddr over struct sockaddr_in idiom) writes the variable's first member while main writes it directly. */
#include <pthread.h>

struct hdr { int kind; };
struct msg { int kind; int len; int body[4]; };
struct msg m;

void *worker(void *arg) {
    (void)arg;
    struct hdr *h = (struct hdr *)&m;
    h->kind = 1; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    m.kind = 2; // RACE!
    m.len = 4;
    return 0;
}
