/* expect: racy */
/* issue 35: a worker parses its options with getopt_long (a required argument after '=' and as the next word, an abbreviated flag option storing through its flag pointer, an optional argument left out, a short option between them) before setting a flag main sets unlocked; the explorer parses as glibc does and confirms the race. */
#include <getopt.h>
#include <pthread.h>
#include <string.h>

static int flag;
static int verbose;

static void *worker(void *arg) {
    (void) arg;
    static const struct option longopts[] = {
        {"threads", required_argument, NULL, 't'},
        {"verbose", no_argument, &verbose, 1},
        {"log", optional_argument, NULL, 'l'},
        {NULL, 0, NULL, 0},
    };
    char *av[] = {"prog", "--threads=4", "--verb", "-q", "--log", "--threads", "8", NULL};
    int c, idx = -1, threads = 0, quiet = 0, logs = 0, last = -1;
    while ((c = getopt_long(7, av, "qt:", longopts, &idx)) != -1) {
        if (c == 't') threads += strlen(optarg) == 1 ? optarg[0] - '0' : 100;
        else if (c == 'q') quiet = 1;
        else if (c == 'l' && optarg == NULL) logs++;
        last = idx;
    }
    if (threads == 12 && verbose == 1 && quiet && logs == 1 && last == 0 && optind == 7)
        flag = 1; // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    flag = 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
