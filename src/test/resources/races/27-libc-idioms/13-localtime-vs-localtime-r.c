/* expect: racy */
/* localtime's static buffer is shared by all threads; the thread using localtime_r has its own. */
#include <pthread.h>
#include <time.h>

void *t(void *a) {
    time_t now = 0;
    struct tm *tm = localtime(&now); // RACE!
    struct tm mine;
    localtime_r(&now, &mine); // NORACE
    return (void *)(long)(tm->tm_year + mine.tm_year);
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, t, 0);
    pthread_create(&b, 0, t, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
