/* expect: race-free */
/* twin of 61: main counts the entry under the lock the reporter holds. */
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
    if (queued > 0) // NORACE
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
                pthread_mutex_lock(&lock);
                queued++; // NORACE
                pthread_mutex_unlock(&lock);
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
