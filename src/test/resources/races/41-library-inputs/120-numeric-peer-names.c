/* expect: racy */
/* issue 35: a server logs its client's address with getnameinfo asking for numbers only (NI_NUMERICHOST,
   NI_NUMERICSERV): the dotted address and the port's digits, computed as glibc does (weft.exec.Addresses), a buffer
   too small EAI_OVERFLOW, a short address EAI_FAMILY, nothing asked 0; behind those answers main counts beside a
   worker without a lock. */
#include <pthread.h>
#include <netdb.h>
#include <string.h>
#include <arpa/inet.h>
int n;
void *w(void *a) {
    n++; // RACE!
    return a;
}
int check(void) {
    struct sockaddr_in sa; memset(&sa, 0, sizeof sa); sa.sin_family = AF_INET; sa.sin_port = htons(8080); sa.sin_addr.s_addr = htonl(0x0a000105);
    char h[32], s[8], tiny[4];
    return getnameinfo((struct sockaddr *)&sa, sizeof sa, h, sizeof h, s, sizeof s, NI_NUMERICHOST | NI_NUMERICSERV) == 0
        && strcmp(h, "10.0.1.5") == 0 && strcmp(s, "8080") == 0
        && getnameinfo((struct sockaddr *)&sa, sizeof sa, tiny, sizeof tiny, NULL, 0, NI_NUMERICHOST) == EAI_OVERFLOW
        && getnameinfo((struct sockaddr *)&sa, sizeof sa, NULL, 0, NULL, 0, NI_NUMERICHOST) == 0 && getnameinfo((struct sockaddr *)&sa, 8, h, sizeof h, NULL, 0, NI_NUMERICHOST) == EAI_FAMILY;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, w, 0);
    if (check()) n++; // RACE!
    pthread_join(t, 0);
    return 0;
}
