/* expect: racy */
/* container_of computed from a pointer into a member array by a constant move back to the struct's start: the
   worker's write of the struct's first member through it meets main's write of the same member */
#include <pthread.h>
#include <stddef.h>

struct msg {
    int seq;
    char data[16];
};
struct msg m;

void *worker(void *arg) {
    char *d = m.data;
    struct msg *back = (struct msg *)(d - offsetof(struct msg, data));
    back->seq = 1; // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    m.seq = 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
