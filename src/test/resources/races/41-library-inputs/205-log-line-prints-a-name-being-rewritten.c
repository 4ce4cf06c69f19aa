/* expect: racy */
/* issue 35: a download worker formats the name of the file it fetches into a shared buffer with snprintf while the
   main thread logs its progress with printf("%s"), without a lock: glibc's printf reads the name's bytes as the worker
   writes them. ThreadSanitizer does not see the C library's reads of a printf's strings; the reproducer shows them
   (weft_libaccess.c), so the race is confirmed and replayed. */
#include <pthread.h>
#include <stdio.h>

static char current[64] = "none";

static void *downloader(void *arg) {
    int part = *(int *)arg;
    snprintf(current, sizeof current, "part-%03d.bin", part); // RACE!
    return NULL;
}

int main(void) {
    pthread_t t;
    int part = 7;
    pthread_create(&t, NULL, downloader, &part);
    printf("progress: fetching %s (%d%%)\n", current, 50); // RACE!
    pthread_join(t, NULL);
    printf("done: %.8s\n", current);
    return 0;
}
