/* expect: racy */
/* localtime returns its static buffer: main's call overwrites it while the thread reads the result. */
#include <pthread.h>
#include <time.h>

time_t now = 1000;

void *t(void *a) {
    struct tm *tm = localtime(&now); // RACE!
    return (void *)(long)tm->tm_year; // RACE!
}

int main(void) {
    pthread_t a;
    pthread_create(&a, 0, t, 0);
    struct tm *tm = localtime(&now); // RACE!
    pthread_join(a, 0);
    return tm->tm_mday;
}
