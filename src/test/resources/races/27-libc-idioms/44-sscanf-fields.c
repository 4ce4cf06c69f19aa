/* expect: racy */
/* sscanf and vsscanf computed as glibc does in the C locale (integers with widths and length modifiers, a bounded string, characters, %n, EOF on an empty input): the count is written only when every field is the one glibc gives. */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int parsed;

static int vscan(const char *in, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsscanf(in, fmt, ap);
    va_end(ap);
    return n;
}

static int fields(void) {
    int port = 0, used = 0;
    unsigned char mask = 0;
    long id = 0;
    char host[8], tag[3];
    int m = sscanf(" relay 2525 ff -42xyz", "%7s %d %hhx %ld%2c%n", host, &port, &mask, &id, tag, &used);
    return m == 5 && strcmp(host, "relay") == 0 && port == 2525 && mask == 255 && id == -42 && tag[0] == 'x'
        && used == 20 && sscanf("", "%d", &port) == EOF && sscanf("abc", "%d", &port) == 0 && vscan("7 8", "%*d %i", &port) == 1 && port == 8;
}

static void *worker(void *arg) {
    (void) arg;
    if (fields())
        parsed++; // RACE!
    return 0;
}

int main(void) {
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, worker, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    return parsed;
}
