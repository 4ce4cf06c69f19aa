/* expect: racy */
/* issue 35: a TLS server (weft.exec.OpenSsl): the context's options and mode are OpenSSL's bookkeeping, computed
   (OpenSSL 3's default options, SSL_CTX_set_mode through SSL_CTX_ctrl, the connection copying them); the certificate
   files, the handshake and the request's bytes are the world's answers, chosen and recorded. The worker counts
   requests without a lock while main reads the count: confirmed only through OpenSSL's own values (the program checks
   them as the installed library computes them), and the reproducer's wrappers give the same answers back. */
#include <netinet/in.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <pthread.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static SSL_CTX *ctx;
static int requests;

static void *worker(void *arg) {
    int fd = *(int *)arg;
    SSL *ssl = SSL_new(ctx);
    if (ssl == NULL) return NULL;
    if (SSL_set_fd(ssl, fd) != 1) goto done;
    if (SSL_accept(ssl) != 1) {
        ERR_print_errors_fp(stderr);
        goto done;
    }
    char buf[64];
    int n = SSL_read(ssl, buf, sizeof buf);
    if (n > 0 && buf[0] != '\0') {
        requests++; // RACE!
        SSL_write(ssl, "ok\n", 3);
    }
    SSL_shutdown(ssl);
done:
    SSL_free(ssl);
    close(fd);
    return NULL;
}

int main(void) {
    if (OPENSSL_init_ssl(0, NULL) != 1) return 1;
    ctx = SSL_CTX_new(TLS_server_method());
    if (ctx == NULL) return 1;
    /* OpenSSL 3: compression off and middlebox compatibility on from the start; set_options returns them all */
    uint64_t options = SSL_CTX_set_options(ctx, SSL_OP_NO_TLSv1 | SSL_OP_NO_TLSv1_1);
    if (options != (SSL_OP_NO_COMPRESSION | SSL_OP_ENABLE_MIDDLEBOX_COMPAT | SSL_OP_NO_TLSv1 | SSL_OP_NO_TLSv1_1)) return 2;
    if (SSL_CTX_clear_options(ctx, SSL_OP_ENABLE_MIDDLEBOX_COMPAT) & SSL_OP_ENABLE_MIDDLEBOX_COMPAT) return 2;
    /* the mode starts as SSL_MODE_AUTO_RETRY; the session cache as a server's */
    if (SSL_CTX_set_mode(ctx, SSL_MODE_ENABLE_PARTIAL_WRITE) != (SSL_MODE_AUTO_RETRY | SSL_MODE_ENABLE_PARTIAL_WRITE)) return 3;
    if (SSL_CTX_set_session_cache_mode(ctx, SSL_SESS_CACHE_OFF) != SSL_SESS_CACHE_SERVER) return 3;
    if (SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION) != 1 || SSL_CTX_get_min_proto_version(ctx) != TLS1_2_VERSION) return 3;
    if (SSL_CTX_set_max_proto_version(ctx, 0x999) != 0) return 3;
    if (SSL_CTX_use_certificate_chain_file(ctx, "server.pem") != 1) return 4;
    if (SSL_CTX_use_PrivateKey_file(ctx, "server.key", SSL_FILETYPE_PEM) != 1) return 4;
    if (SSL_CTX_check_private_key(ctx) != 1) return 4;
    int s = socket(AF_INET, SOCK_STREAM, 0);
    if (s < 0) return 5;
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons(8443);
    if (bind(s, (struct sockaddr *)&a, sizeof a) != 0 || listen(s, 8) != 0) return 5;
    int fd = accept(s, NULL, NULL);
    if (fd < 0) return 5;
    pthread_t t;
    pthread_create(&t, NULL, worker, &fd);
    int seen = requests; // RACE!
    pthread_join(t, NULL);
    SSL_CTX_free(ctx);
    close(s);
    return seen;
}
