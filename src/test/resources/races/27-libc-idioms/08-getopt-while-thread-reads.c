/* expect: racy */
/* A thread reads optind while main is still parsing with getopt, which writes it. */
#include <pthread.h>
#include <unistd.h>

void *t(void *a) {
    return (void *)(long)optind; // RACE!
}

int main(int argc, char **argv) {
    pthread_t a;
    pthread_create(&a, 0, t, 0);
    while (getopt(argc, argv, "v") != -1) { } // RACE!
    pthread_join(a, 0);
    return 0;
}
