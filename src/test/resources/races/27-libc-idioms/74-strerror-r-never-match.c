/* expect: race-free */
/* issue 35, the twin of 73 with GNU's strerror_r: a known number's text is glibc's static string (the buffer untouched), an unknown one's "Unknown error N" is written into the buffer, cut; the worker sets the flag only if that were otherwise, so no run races, which the exploration proves. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <string.h>

static int flag;

static void *worker(void *arg) {
    (void) arg;
    char b[16] = "untouched";
    char *known = strerror_r(EAGAIN, b, sizeof b);
    int wrong = known == b || strcmp(known, "Resource temporarily unavailable") != 0 || strcmp(b, "untouched") != 0;
    char *unknown = strerror_r(4242, b, sizeof b);
    wrong = wrong || unknown != b || strcmp(b, "Unknown error 4") != 0;
    if (wrong)
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
