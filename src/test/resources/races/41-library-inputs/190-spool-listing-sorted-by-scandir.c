/* expect: racy */
/* issue 35: a spool scanner lists its queue directory with scandir, its filter skipping hidden files and its
   comparator putting the newest-numbered job first, and counts the comparator's calls; once the listing holds three
   jobs in that order (the world's directory: three regular files) it publishes the first job's name, which a monitor
   thread reads without a lock. Reached only when the filter ran on every entry and glibc's qsort ordered the list
   through the comparator as Weft runs it: confirmed and replayed. */
#define _GNU_SOURCE
#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char next_job[256];
static int comparisons, filtered;

static int visible(const struct dirent *d) {
    filtered++;
    return d->d_name[0] != '.';
}

static int newest_first(const struct dirent **a, const struct dirent **b) {
    comparisons++;
    return strcmp((*b)->d_name, (*a)->d_name);
}

static void *monitor(void *arg) {
    char first = next_job[0]; // RACE!
    printf("a job is %s\n", first != 0 ? "next" : "not yet chosen");
    return arg;
}

int main(void) {
    pthread_t t;
    struct dirent **jobs;
    pthread_create(&t, NULL, monitor, NULL);
    int n = scandir("/var/spool/jobs", &jobs, visible, newest_first);
    if (n == 3 && filtered == 3 && comparisons == 3 && strcmp(jobs[0]->d_name, jobs[1]->d_name) > 0
        && strcmp(jobs[1]->d_name, jobs[2]->d_name) > 0) {
        strcpy(next_job, jobs[0]->d_name); // RACE!
    }
    for (int i = 0; i < n; i++) free(jobs[i]);
    if (n >= 0) free(jobs);
    pthread_join(t, NULL);
    return 0;
}
