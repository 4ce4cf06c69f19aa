/* expect: racy */
/* issue 35: library functions computed from their arguments run as glibc computes them (weft.exec.ComputedCalls,
   ErrorTexts): div and ldiv's quotient and remainder, strxfrm in the C locale (a copy, cut to the room given),
   strverscmp's version order, inet_network's host-order number, gai_strerror's and hstrerror's texts. Each worker
   counts without a lock only when every answer is glibc's. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <netdb.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static int agreed;

static void *worker(void *arg) {
    char room[8], small[3] = {'x', 'x', 'x'};
    div_t d = div(-7, 2);
    ldiv_t l = ldiv(1000000007L, 10L);
    size_t n = strxfrm(room, "relay", sizeof room);
    size_t m = strxfrm(small, "relay", 2);
    int ok = d.quot == -3 && d.rem == -1 && l.quot == 100000000L && l.rem == 7 && n == 5 && strcmp(room, "relay") == 0
        && m == 5 && small[0] == 'r' && small[1] == 'e' && small[2] == 'x'
        && strverscmp("file9", "file10") < 0 && strverscmp("a1.2", "a1.10") < 0 && strverscmp("x", "x") == 0
        && inet_network("10.1") == 0xa01 && inet_network("1.2.3.4") == 0x01020304 && inet_network("nope") == (in_addr_t) -1
        && strcmp(gai_strerror(EAI_NONAME), "Name or service not known") == 0 && strcmp(hstrerror(HOST_NOT_FOUND), "Unknown host") == 0;
    if (ok) agreed++; // RACE!
    return arg;
}

int main(void) {
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    return agreed == 2 ? 0 : 1;
}
