/* expect: race-free */
/* Accesses made before the handler is installed cannot race with it; the handler's own flag is atomic. */
#include <signal.h>

int config;
int stop;

static void on_int(int sig) {
    __atomic_store_n(&stop, 1, __ATOMIC_SEQ_CST); // NORACE
}

int main(void) {
    struct sigaction sa;
    config = 3; // NORACE
    sa.sa_handler = on_int;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;
    sigaction(SIGINT, &sa, 0);
    while (!__atomic_load_n(&stop, __ATOMIC_SEQ_CST)) { } // NORACE
    return 0;
}
