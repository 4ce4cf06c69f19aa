/* expect: racy */
/* weft: a pointer into an array member that moves back to where its struct starts (container_of computed from a
   member array) is not kept within the array: it reaches the struct's other members, so the worker's write through
   back->target still meets main's write of x. */
#include <pthread.h>
#include <stddef.h>

struct msg {
    int *target;
    char data[16];
};
struct msg m;
int x;

void *worker(void *arg) {
    char *d = m.data;
    struct msg *back = (struct msg *)(d - offsetof(struct msg, data));
    *back->target = 1; // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    m.target = &x;
    pthread_create(&t, 0, worker, 0);
    x = 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
