/* expect: racy */
/* issue 35: the thread count comes from an option parsed with getopt and strtol (-t N); with two threads their
   unlocked updates of the total race. The explorer runs getopt on the program's optind and optarg
   (weft.exec.Getopt) and strtol as glibc does (weft.exec.NumberParsing), with command lines built from the option
   string. */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

static long total;

static void *worker(void *arg) {
    total += (long) arg; // RACE!
    return NULL;
}

int main(int argc, char **argv) {
    int threads = 1, verbose = 0, ch;
    char *end;
    while ((ch = getopt(argc, argv, "t:v")) != -1) {
        switch (ch) {
        case 't':
            threads = (int) strtol(optarg, &end, 10);
            if (*end != '\0' || threads < 1)
                return 2;
            break;
        case 'v':
            verbose = 1;
            break;
        default:
            return 2;
        }
    }
    if (optind != argc || threads > 2)
        threads = 1;
    pthread_t t[2];
    for (long i = 0; i < threads; i++)
        pthread_create(&t[i], NULL, worker, (void *) (i + 1));
    for (int i = 0; i < threads; i++)
        pthread_join(t[i], NULL);
    return verbose ? (int) total : 0;
}
