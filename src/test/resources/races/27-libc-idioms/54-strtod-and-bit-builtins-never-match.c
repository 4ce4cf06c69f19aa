/* expect: race-free */
/* twin of 53: each result differs from what glibc and gcc give in one place (0x1.8p1 is 3.0, not 3.5; an overflow is HUGE_VAL, not 0), so the unlocked count is never written; the shared text is parsed under the lock its writer holds. */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>

static int scaled;
static char setting[16] = "1.5e1";
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static int computed(void) {
    char *end;
    double d = strtod("  0x1.8p1xyz", &end);
    double big = strtod("1e400", NULL);
    return (d == 3.5 && *end == 'x') || big == 0.0 || strtof("2.5", NULL) != 2.5f || __builtin_clz(1u) != 31
        || __builtin_popcount(0xf0u) != 4;
}

static void *worker(void *arg) {
    (void) arg;
    if (computed())
        scaled++; // NORACE
    pthread_mutex_lock(&lock);
    setting[1] = '2'; // NORACE
    pthread_mutex_unlock(&lock);
    return 0;
}

int main(void) {
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, worker, 0);
    pthread_mutex_lock(&lock);
    double v = strtod(setting, NULL); // NORACE
    pthread_mutex_unlock(&lock);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    return v > 100.0;
}
