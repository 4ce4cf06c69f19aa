/* expect: race-free */
/* issue 35: getopt as the explorer runs it (weft.exec.Getopt, on the program's optind and optarg) checked against
   glibc on a command line the program builds itself: an option alone, an option with its argument in the next word
   and attached, then "--". The worker writes the shared flag only when a result differs; the exhaustive exploration
   proves the program race-free only if every result agrees with glibc's (compiled with gcc it exits 0). */
#include <pthread.h>
#include <string.h>
#include <unistd.h>

static int wrong;

static int check(void) {
    char *args[] = {"prog", "-v", "-t", "3", "-x5", "--", "rest", NULL};
    int bad = optind != 1;
    bad |= getopt(7, args, "vt:x:") != 'v' || optind != 2;
    bad |= getopt(7, args, "vt:x:") != 't' || optind != 4 || strcmp(optarg, "3") != 0;
    bad |= getopt(7, args, "vt:x:") != 'x' || optind != 5 || strcmp(optarg, "5") != 0;
    bad |= getopt(7, args, "vt:x:") != -1 || optind != 6;
    bad |= getopt(7, args, "vt:x:") != -1 || optind != 6;
    return bad;
}

static void *worker(void *arg) {
    if (check())
        wrong = 1; // NORACE
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    wrong = 0; // NORACE
    pthread_join(t, NULL);
    return wrong;
}
