/* expect: racy */
/* issue 35: a server reads its configuration file line by line, then starts its workers only when the file opened;
   the workers count served requests unlocked. The witness search takes fopen's answer as an input (first an empty
   file: fgets and fgetc meet its end at once) and confirms the race; the reproducer's fopen opens /dev/null. A proof
   stops at the choice: a file's contents are inputs it does not enumerate. */
#include <pthread.h>
#include <stdio.h>

static int lines, served;

static void *worker(void *arg) {
    served++; // RACE!
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
