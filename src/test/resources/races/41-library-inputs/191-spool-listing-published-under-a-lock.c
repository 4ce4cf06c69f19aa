/* expect: race-free */
/* issue 35: the locked twin of 190: the spool scanner lists its queue with scandir and glibc's alphasort (no filter)
   and publishes the first job's name under the queue's mutex, which the monitor thread takes to read it; the
   listing's entries and list are the scanner's own until scandir returns them. */
#define _GNU_SOURCE
#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char next_job[256];
static pthread_mutex_t queue = PTHREAD_MUTEX_INITIALIZER;

static void *monitor(void *arg) {
    pthread_mutex_lock(&queue);
    char first = next_job[0]; // NORACE
    pthread_mutex_unlock(&queue);
    printf("a job is %s\n", first != 0 ? "next" : "not yet chosen");
    return arg;
}

int main(void) {
    pthread_t t;
    struct dirent **jobs;
    pthread_create(&t, NULL, monitor, NULL);
    int n = scandir("/var/spool/jobs", &jobs, NULL, alphasort);
    if (n > 0) {
        pthread_mutex_lock(&queue);
        strcpy(next_job, jobs[0]->d_name); // NORACE
        pthread_mutex_unlock(&queue);
    }
    for (int i = 0; i < n; i++) free(jobs[i]);
    if (n >= 0) free(jobs);
    pthread_join(t, NULL);
    return 0;
}
