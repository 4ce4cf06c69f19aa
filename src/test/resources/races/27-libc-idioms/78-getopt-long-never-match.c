/* expect: race-free */
/* issue 35, the twin of 77: the worker sets the flag only if getopt_long parsed its options otherwise than glibc does; the exploration parses them (a proof goes through getopt_long) and proves that no run sets it while main does. */
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
    if (threads != 12 || verbose != 1 || !quiet || logs != 1 || last != 0 || optind != 7)
        flag = 1; // NORACE
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    flag = 2; // NORACE
    pthread_join(t, 0);
    return 0;
}
