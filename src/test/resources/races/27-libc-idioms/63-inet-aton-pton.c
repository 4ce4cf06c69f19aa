/* expect: racy */
/* inet_aton and inet_pton as glibc parses them (issue 35: weft.exec.StringFunctions): inet_aton's octal and hexadecimal parts and its all-ones address (no longer mistaken for a failure), inet_pton's strict four decimal parts (a leading zero or a missing part refused) and an unknown family (-1): the count is written only when every result is glibc's. */
#include <arpa/inet.h>
#include <pthread.h>
#include <sys/socket.h>
static int shared;
static void *worker(void *arg) {
    (void) arg;
    shared = 1; // RACE!
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    struct in_addr a, b, c;
    int r1 = inet_aton("10.0.0.010", &a);
    int r2 = inet_pton(AF_INET, "192.168.1.20", &b);
    int r3 = inet_pton(AF_INET, "192.168.01.20", &c);
    int r4 = inet_aton("0xffffffff", &c);
    int r5 = inet_pton(AF_INET, "1.2.3", &c);
    int r6 = inet_pton(12345, "1.2.3.4", &c);
    if (r1 == 1 && a.s_addr == htonl(0x0a000008) && r2 == 1 && b.s_addr == htonl(0xc0a80114) && r3 == 0 && r4 == 1
        && c.s_addr == 0xffffffffu && r5 == 0 && r6 == -1 && inet_addr("255.255.255.255") == INADDR_NONE)
        shared = 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
