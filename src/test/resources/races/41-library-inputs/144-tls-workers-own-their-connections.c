/* expect: race-free */
/* issue 35: TLS workers that each own their connection (weft.exec.OpenSsl): SSL_new gives each its own object, the
   shared context is only read by SSL_new after main set it up, and the request count is kept under a lock. SSL_peek
   looks at a request before SSL_read takes it (SSL_pending counts what it looked at). No race. */
#include <openssl/ssl.h>
#include <pthread.h>
#include <sys/socket.h>
#include <unistd.h>

static SSL_CTX *ctx;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int requests;

static void *worker(void *arg) {
    int fd = *(int *)arg;
    SSL *ssl = SSL_new(ctx);
    if (ssl == NULL) return NULL;
    SSL_set_accept_state(ssl);
    if (SSL_set_fd(ssl, fd) == 1) {
        char buf[32];
        int n = SSL_peek(ssl, buf, sizeof buf);
        if (n > 0 && SSL_pending(ssl) == n && SSL_read(ssl, buf, sizeof buf) == n) {
            pthread_mutex_lock(&lock);
            requests++; // NORACE
            pthread_mutex_unlock(&lock);
        }
        SSL_shutdown(ssl);
    }
    SSL_free(ssl);
    return NULL;
}

int main(void) {
    ctx = SSL_CTX_new(TLS_method());
    if (ctx == NULL) return 1;
    SSL_CTX_set_options(ctx, SSL_OP_NO_RENEGOTIATION);
    int s = socket(AF_INET, SOCK_STREAM, 0);
    if (s < 0 || listen(s, 4) != 0) return 1;
    int fds[2];
    pthread_t t[2];
    for (int i = 0; i < 2; i++) {
        fds[i] = accept(s, NULL, NULL);
        if (fds[i] < 0) return 1;
    }
    for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, &fds[i]);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    pthread_mutex_lock(&lock);
    int seen = requests; // NORACE
    pthread_mutex_unlock(&lock);
    SSL_CTX_free(ctx);
    return seen;
}
