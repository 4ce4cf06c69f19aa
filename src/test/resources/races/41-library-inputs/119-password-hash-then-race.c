/* expect: racy */
/* issue 35: a login check: crypt hashes the password with the stored salt (SHA-512 here) and the result is compared
   with the stored hash; crypt runs as the installed libcrypt computes it (weft.installed.Crypt), into its static
   buffer, so the comparison holds in the search as in the real program, and behind it main counts beside a worker
   without a lock. */
#include <crypt.h>
#include <pthread.h>
#include <string.h>

int logins;

void *worker(void *arg) {
    logins++; // RACE!
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    const char *stored = "$6$saltsalt$TVLlQcbpFVof5W3Yz4DTP6gRstiNuHwwTt6GLc1E5n0U0aDehy0S5knV8wiOQSpT0Y77vwPZN.Pq.H91p5hVO1";
    char *h = crypt("secret", "$6$saltsalt$");
    if (h != NULL && strcmp(h, stored) == 0) logins++; // RACE!
    pthread_join(t, NULL);
    return 0;
}
