/* expect: race-free */
/* getopt writes optind and optarg; threads created after the parsing only read them. */
#include <pthread.h>
#include <unistd.h>

char *name;

void *t(void *a) {
    return (void *)(long)(optind + (name != 0)); // NORACE
}

int main(int argc, char **argv) {
    int c;
    while ((c = getopt(argc, argv, "n:")) != -1)
        if (c == 'n') name = optarg; // NORACE
    pthread_t a, b;
    pthread_create(&a, 0, t, 0);
    pthread_create(&b, 0, t, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
