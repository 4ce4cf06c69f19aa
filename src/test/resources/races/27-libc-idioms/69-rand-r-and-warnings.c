/* expect: racy */
/* issue 35: a worker draws from its own seed with rand_r (glibc's generator, computed: 1187592820 from seed 7) and warns with warnx before setting a flag main sets unlocked after checking its arguments (errx would end the program): the explorer runs through them and confirms the race. */
#include <err.h>
#include <pthread.h>
#include <stdlib.h>

static int flag;

static void *worker(void *arg) {
    (void) arg;
    unsigned seed = 7;
    int r = rand_r(&seed);
    warnx("worker drew %d", r);
    if (r == 1187592820 && seed == 2368046169u - 0u * rand_r(&seed))
        flag = 1; // RACE!
    return 0;
}

int main(int argc, char **argv) {
    (void) argv;
    pthread_t t;
    if (argc > 5)
        errx(2, "usage: %s", argv[0]);
    pthread_create(&t, 0, worker, 0);
    flag = 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
