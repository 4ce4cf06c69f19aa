/* expect: racy */
/* a spool scan (issue 35: weft.exec.Directories): whether the directory opens and which entries readdir gives are the world's; the explorer answers a stream whose second entry is the regular file "f1", and main counts it without the lock the reporter holds. The reproducer's opendir and readdir give the same stream. */
#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static int queued;
static char newest[64];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *reporter(void *arg) {
    (void) arg;
    pthread_mutex_lock(&lock);
    if (queued > 0) // RACE!
        newest[0] = 0;
    pthread_mutex_unlock(&lock);
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, reporter, 0);
    DIR *d = opendir("/var/spool/weft");
    if (d != NULL) {
        struct dirent *ent;
        while ((ent = readdir(d)) != NULL) {
            if (strcmp(ent->d_name, ".") == 0 || strcmp(ent->d_name, "..") == 0)
                continue;
            if (ent->d_type == DT_REG && strcmp(ent->d_name, "f1") == 0) {
                queued++; // RACE!
                pthread_mutex_lock(&lock);
                snprintf(newest, sizeof newest, "%s", ent->d_name);
                pthread_mutex_unlock(&lock);
            }
        }
        closedir(d);
    }
    pthread_join(t, 0);
    return 0;
}
