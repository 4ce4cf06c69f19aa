/* expect: race-free */
/* issue 35, the race-free twin of 94: inet_network("10.1") is 0xa01 in glibc (the last part fills the low bits of
   the network number), not inet_addr's 10.0.0.1; the count behind the other reading never runs, and the exploration,
   which computes inet_network by the installed C library, proves it (the thread-modular layer alone cannot). */
#include <arpa/inet.h>
#include <pthread.h>

static int counted;

static void *worker(void *arg) {
    if (inet_network("10.1") == 0x0a000001) counted++; // NORACE
    return arg;
}

int main(void) {
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    return counted;
}
