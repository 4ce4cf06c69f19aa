/* expect: racy */
/* issue 35: main parses a rule line with the C library's string, character and address functions (strstr, strncat,
   strcasecmp, memchr, the ctype macros through __ctype_b_loc, tolower, inet_addr) before a worker runs; only the
   values glibc computes lead to the racing write. The explorer computes them as glibc does in the C locale
   (weft.exec.StringFunctions), so the race is confirmed and replays under ThreadSanitizer. */
#include <arpa/inet.h>
#include <ctype.h>
#include <pthread.h>
#include <string.h>

int relays;

void *worker(void *arg) {
    relays = 1; // RACE!
    return arg;
}

int main(void) {
    char line[64];
    char rule[32];
    pthread_t t;
    strcpy(line, "RELAY host 10.0.0.");
    rule[0] = 0;
    strncat(line, "7 x", 1);
    char *host = strstr(line, "host ");
    if (host == 0 || memchr(line, 'R', 3) != line) return 1;
    strncat(rule, line, 5);
    if (strcasecmp(rule, "relay") != 0 || tolower(rule[1]) != 'e') return 1;
    if (!isdigit((unsigned char)host[5]) || isalpha((unsigned char)host[5])) return 1;
    if (inet_addr(host + 5) != htonl(0x0a000007) || inet_addr("10.0.0.256") != INADDR_NONE) return 1;
    pthread_create(&t, 0, worker, 0);
    relays = 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
