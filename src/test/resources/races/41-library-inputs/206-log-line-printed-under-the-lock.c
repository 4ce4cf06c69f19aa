/* expect: race-free */
/* issue 35: 205's downloader and progress log with the name written and printed under one lock (the last line
   after the join): printf's reads of the name counted for the proof. Proved race-free. */
#include <pthread.h>
#include <stdio.h>

static char current[64] = "none";
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *downloader(void *arg) {
    int part = *(int *)arg;
    pthread_mutex_lock(&lock);
    snprintf(current, sizeof current, "part-%03d.bin", part); // NORACE
    pthread_mutex_unlock(&lock);
    return NULL;
}

int main(void) {
    pthread_t t;
    int part = 7;
    pthread_create(&t, NULL, downloader, &part);
    pthread_mutex_lock(&lock);
    printf("progress: fetching %s (%d%%)\n", current, 50); // NORACE
    pthread_mutex_unlock(&lock);
    pthread_join(t, NULL);
    printf("done: %.8s\n", current);
    return 0;
}
