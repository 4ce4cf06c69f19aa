/* expect: race-free */
/* the race-free side of 40: one result the program expects is not the one glibc gives (strcspn stops at the first byte of its set, so the key has 3 bytes, not 4), the flag is never written, and a proof computes the calls to see it. */
#define _GNU_SOURCE
#include <pthread.h>
#include <string.h>

static int hits;

static int parsed(void) {
    const char *line = "  key=value;rest";
    char out[8];
    size_t lead = strspn(line, " ");
    size_t key = strcspn(line + lead, "=;");
    const char *sep = strpbrk(line, ";=");
    char *end = stpncpy(out, line + lead, 3);
    return lead == 2 && key == 4 && sep == line + 5 && strnlen(line, 4) == 4 && strnlen(out, 3) == 3
        && *strchrnul(line, '#') == 0 && strchrnul(line, 'v') == line + 6 && end == out + 3
        && bcmp(out, "key", 3) == 0 && bcmp(out, "kez", 3) != 0;
}

static void *worker(void *arg) {
    (void) arg;
    if (parsed())
        hits++; // NORACE
    return 0;
}

int main(void) {
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, worker, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    return hits;
}
