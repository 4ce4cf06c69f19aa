/* expect: racy */
/* issue 35: a worker builds a packet with mempcpy (the end pointer it returns is where the body goes) into the buffer
   main reads the header of without a lock. Confirmed; glibc's mempcpy writes where ThreadSanitizer does not see it (no
   interceptor in gcc 12's libtsan), so the reproducer's wrapper shows TSan the bytes copied after the call, as it does
   for strcat, strncat, stpcpy, stpncpy, explicit_bzero and the wide copies. Found by the soundness harness, which now
   replays every witness no oracle confirmed: its replay of a race on a mempcpy write reported nothing. */
#define _GNU_SOURCE
#include <pthread.h>
#include <string.h>

static char packet[32];

static void *builder(void *arg) {
    static const char header[4] = {'W', 'E', 'F', 'T'};
    char *body = mempcpy(packet, header, sizeof header); // RACE!
    memcpy(body, "ok", 3);
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, builder, 0);
    int magic = packet[0] == 'W'; // RACE!
    pthread_join(t, 0);
    return magic;
}
