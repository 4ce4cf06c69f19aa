/* expect: race-free */
/* Twin of 03 whose branch needs a text of 4 characters: "%05d" always gives at least 5, and a truncated buffer of 4
   bytes still returns the whole length, so the worker never writes the counter. The thread-modular layer cannot know
   it; the exploration, which computes each snprintf, proves it (weft.exec.Formatter). */
#include <pthread.h>
#include <stdio.h>

static int hits;

static void *worker(void *arg) {
    char id[4];
    int n = snprintf(id, sizeof id, "%05d", (int)(long)arg);
    if (n == 4 || id[3] != '\0')
        hits++;
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, (void *)42L);
    hits++;
    pthread_join(t, NULL);
    printf("%d\n", hits);
    return 0;
}
