/* expect: racy */
/* The race is behind snprintf's result: the worker writes the shared counter only when its formatted id, "%05d" of 42, is 5 characters long. Only a run that computes the text can tell that the branch is taken. */
#include <pthread.h>
#include <stdio.h>

static int hits;

static void *worker(void *arg) {
    char id[16];
    int n = snprintf(id, sizeof id, "%05d", (int)(long)arg);
    if (n == 5 && id[0] == '0')
        hits++; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, (void *)42L);
    hits++; // RACE!
    pthread_join(t, NULL);
    printf("%d\n", hits);
    return 0;
}
