/* expect: racy */
/* audit D40, its regression: gettimeofday(tv, tz) writes the obsolete time zone at tz when it is not null (glibc stores zeros), but the library table said it wrote only tv. A worker reading the zone while main asked for the time raced, and the program was proved race-free. weft: imprecise: the explorer stops at gettimeofday with a time zone argument, so the race is possible, not confirmed (unknown, never true). */
#include <pthread.h>
#include <sys/time.h>

static struct timezone zone;
static int minutes;

static void *worker(void *arg) {
    (void) arg;
    minutes = zone.tz_minuteswest; // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    struct timeval now;
    pthread_create(&t, 0, worker, 0);
    gettimeofday(&now, &zone); // RACE!
    pthread_join(t, 0);
    return minutes;
}
