/* expect: race-free */
/* Twin of 12 with localtime_r into a struct of each thread's own. */
#include <pthread.h>
#include <time.h>

time_t now = 1000;

void *t(void *a) {
    struct tm buf;
    struct tm *tm = localtime_r(&now, &buf); // NORACE
    return (void *)(long)tm->tm_year; // NORACE
}

int main(void) {
    pthread_t a;
    struct tm buf;
    pthread_create(&a, 0, t, 0);
    struct tm *tm = localtime_r(&now, &buf); // NORACE
    pthread_join(a, 0);
    return tm->tm_mday;
}
