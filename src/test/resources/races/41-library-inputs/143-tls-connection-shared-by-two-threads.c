/* expect: racy */
/* issue 35: one TLS connection written by two threads without a lock (weft.exec.OpenSsl): an SSL object is not
   thread-safe, and SSL_write reads and writes it inside OpenSSL, where ThreadSanitizer does not look; Weft's model
   records the access on the object, and the reproducer's wrappers make the same access on the real object. The
   accept, the handshake and the writes' results are the world's answers: confirmed and replayed. */
#include <openssl/ssl.h>
#include <pthread.h>
#include <sys/socket.h>
#include <unistd.h>

static SSL *conn;

static void *notifier(void *arg) {
    (void)arg;
    SSL_write(conn, "tick\n", 5); // RACE!
    return NULL;
}

int main(void) {
    SSL_CTX *ctx = SSL_CTX_new(TLS_server_method());
    if (ctx == NULL) return 1;
    int s = socket(AF_INET, SOCK_STREAM, 0);
    if (s < 0 || listen(s, 1) != 0) return 1;
    int fd = accept(s, NULL, NULL);
    if (fd < 0) return 1;
    conn = SSL_new(ctx);
    if (conn == NULL || SSL_set_fd(conn, fd) != 1 || SSL_accept(conn) != 1) return 1;
    pthread_t t;
    pthread_create(&t, NULL, notifier, NULL);
    SSL_write(conn, "hello\n", 6); // RACE!
    pthread_join(t, NULL);
    SSL_free(conn);
    SSL_CTX_free(ctx);
    close(fd);
    return 0;
}
