/* expect: race-free */
/* The race-free twin of 30: the workers count under a mutex. */
#include <pthread.h>
#include <stdio.h>

static int lines, served;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
    pthread_mutex_lock(&m);
    served++; // NORACE
    pthread_mutex_unlock(&m);
    return arg;
}

int main(void) {
    char buf[128];
    FILE *f = fopen("/etc/weft-example.conf", "r");
    if (f == NULL) return 1;
    while (fgets(buf, sizeof buf, f) != NULL) lines++;
    if (fgetc(f) != EOF) lines++;
    fclose(f);
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return lines;
}
