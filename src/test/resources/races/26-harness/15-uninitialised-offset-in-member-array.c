/* expect: race-free */
/* Found by the mutation campaign (mut-35, drop-store of 10-fields-arrays/34): `part` is read before any write, so it
   holds any value, but p + part must stay in g.in_buf (C11 6.5.6p8) and memmove's bytes with it (7.1.4); a value
   that took it onto g.in_left is undefined behaviour, not an execution. The thread-modular layer proved it race-free
   while the exploration alone answered race through such a value: every layer must treat the member array's end as
   the end of what the pointer may reach. */
#include <pthread.h>
#include <string.h>

struct {
    unsigned char in_buf[64];
    unsigned char *in_next;
    unsigned long in_left;
} g;

void *worker(void *arg) {
    unsigned long n = (unsigned long)arg;
    unsigned long part;
    unsigned char *p = g.in_buf;
    memmove(p + part, p, n);
    return 0;
}

int main(int argc, char **argv) {
    (void)argv;
    pthread_t t;
    pthread_create(&t, 0, worker, (void *)(unsigned long)argc);
    g.in_next = g.in_buf; // NORACE
    g.in_left = 0; // NORACE
    pthread_join(t, 0);
    return 0;
}
