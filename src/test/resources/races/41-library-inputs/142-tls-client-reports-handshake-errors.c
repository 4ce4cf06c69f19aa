/* expect: racy */
/* issue 35: a TLS client's error path (weft.exec.OpenSsl): each thread has its own OpenSSL error queue, empty at
   first and after ERR_clear_error; a handshake's failure is the world's answer, SSL_get_error answers as OpenSSL does
   for the queue it leaves (SSL_ERROR_SSL only with an error queued, which ERR_peek_error and ERR_get_error then give
   in turn), and ERR_error_string_n writes the installed libcrypto's text for the code. The client counts failures
   without a lock while main reads the count: confirmed, and the reproducer's wrappers give the same answers back. */
#include <netinet/in.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <pthread.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static SSL_CTX *ctx;
static int failures;
static char last[120];

static void *client(void *arg) {
    (void)arg;
    ERR_clear_error();
    if (ERR_peek_error() != 0) return NULL;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return NULL;
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons(443);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0) {
        close(fd);
        return NULL;
    }
    SSL *ssl = SSL_new(ctx);
    if (ssl != NULL && SSL_set_fd(ssl, fd) == 1) {
        int r = SSL_connect(ssl);
        if (r <= 0 && SSL_get_error(ssl, r) == SSL_ERROR_SSL) {
            unsigned long code = ERR_peek_error();
            if (code != 0 && ERR_get_error() == code) {
                ERR_error_string_n(code, last, sizeof last);
                /* libcrypto's text: "error:" and the code in eight hex digits */
                if (strncmp(last, "error:", 6) == 0 && strlen(last) > 15 && last[14] == ':') failures++; // RACE!
            }
        }
        SSL_shutdown(ssl);
    }
    SSL_free(ssl);
    close(fd);
    return NULL;
}

int main(void) {
    ctx = SSL_CTX_new(TLS_client_method());
    if (ctx == NULL) return 1;
    SSL_CTX_set_verify(ctx, SSL_VERIFY_NONE, NULL);
    if (SSL_CTX_load_verify_locations(ctx, "/etc/ssl/certs/ca-certificates.crt", NULL) != 1) return 1;
    if (SSL_CTX_set_cipher_list(ctx, "HIGH:!aNULL") != 1) return 1;
    pthread_t t;
    pthread_create(&t, NULL, client, NULL);
    int seen = failures; // RACE!
    pthread_join(t, NULL);
    SSL_CTX_free(ctx);
    return seen;
}
