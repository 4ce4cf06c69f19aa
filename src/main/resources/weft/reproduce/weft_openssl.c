/*
 * Weft reproducer runtime, part 8 (included by weft_inputs.c, one translation unit): OpenSSL as the world's
 * (semantics.tsv's openssl rows, weft.exec.OpenSsl). The peer, the certificate files and the library's initialisation
 * answer as the witness says, without the real call (no handshake, no network, no file is needed); the bookkeeping
 * (objects, options, modes, roles) is the real library's, on real objects, so that later calls find what they expect.
 * Each call makes, on the first byte of the context or connection it is given, the access Weft's model records, as a
 * TSan range access (OpenSSL's own accesses are not instrumented). The functions are declared here without OpenSSL's
 * headers and their real forms weak: a program built without -lssl links too (and never calls them).
 */
#include <stdint.h>
typedef struct weft_ssl_opaque weft_ssl;
#define WEFT_SSL_REAL __attribute__((weak))
static void weft_ssl_touch(const void *obj, int write) {
    if (obj == NULL) return;
    if (write) __tsan_write_range((void *)obj, 1);
    else __tsan_read_range(obj, 1);
}

/* OPENSSL_init_ssl, OPENSSL_init_crypto: the witness's 1 (the real initialisation runs) or 0 */
#define WEFT_SSL_INIT(sym)                                          \
    int __real_##sym(uint64_t, const void *) WEFT_SSL_REAL;         \
    int __wrap_##sym(uint64_t opts, const void *settings) {         \
        int found;                                                  \
        long long v = value_for(#sym, &found);                      \
        if (found && v == 0) return 0;                              \
        return __real_##sym(opts, settings);                        \
    }
WEFT_SSL_INIT(OPENSSL_init_ssl)
WEFT_SSL_INIT(OPENSSL_init_crypto)

/* SSL_CTX_new: the witness's 0, a real context whose options are set to the witness's next value, or 1, null */
weft_ssl *__real_SSL_CTX_new(const void *) WEFT_SSL_REAL;
uint64_t __real_SSL_CTX_set_options(weft_ssl *, uint64_t) WEFT_SSL_REAL;
uint64_t __real_SSL_CTX_clear_options(weft_ssl *, uint64_t) WEFT_SSL_REAL;
weft_ssl *__wrap_SSL_CTX_new(const void *method) {
    weft_ssl_touch(method, 0);
    int found;
    long long v = value_for("SSL_CTX_new", &found);
    if (!found) return __real_SSL_CTX_new(method);
    if (v != 0) return NULL;
    weft_ssl *ctx = __real_SSL_CTX_new(method);
    uint64_t options = (uint64_t)next_value("SSL_CTX_new");
    if (ctx != NULL) {
        __real_SSL_CTX_clear_options(ctx, ~(uint64_t)0);
        __real_SSL_CTX_set_options(ctx, options);
    }
    return ctx;
}
/* The bookkeeping: the real call, after the access Weft's model records on the object */
void __real_SSL_CTX_free(weft_ssl *) WEFT_SSL_REAL;
void __wrap_SSL_CTX_free(weft_ssl *ctx) {
    weft_ssl_touch(ctx, 1);
    __real_SSL_CTX_free(ctx);
}
long __real_SSL_CTX_ctrl(weft_ssl *, int, long, void *) WEFT_SSL_REAL;
long __wrap_SSL_CTX_ctrl(weft_ssl *ctx, int cmd, long larg, void *parg) {
    weft_ssl_touch(ctx, 1);
    return __real_SSL_CTX_ctrl(ctx, cmd, larg, parg);
}
uint64_t __wrap_SSL_CTX_set_options(weft_ssl *ctx, uint64_t op) {
    weft_ssl_touch(ctx, 1);
    return __real_SSL_CTX_set_options(ctx, op);
}
uint64_t __wrap_SSL_CTX_clear_options(weft_ssl *ctx, uint64_t op) {
    weft_ssl_touch(ctx, 1);
    return __real_SSL_CTX_clear_options(ctx, op);
}
void __real_SSL_CTX_set_verify(weft_ssl *, int, void *) WEFT_SSL_REAL;
void __wrap_SSL_CTX_set_verify(weft_ssl *ctx, int mode, void *callback) {
    weft_ssl_touch(ctx, 1);
    __real_SSL_CTX_set_verify(ctx, mode, callback);
}
/* A context's files and ciphers: the witness's 1 or 0, without the real call (the files need not exist here) */
#define WEFT_SSL_SETUP(sym, params, args, write, strings)           \
    int __real_##sym params WEFT_SSL_REAL;                          \
    int __wrap_##sym params {                                       \
        weft_ssl_touch(ctx, write);                                 \
        strings;                                                    \
        int found;                                                  \
        long long v = value_for(#sym, &found);                      \
        if (found) return (int)v;                                   \
        return __real_##sym args;                                   \
    }
WEFT_SSL_SETUP(SSL_CTX_load_verify_locations, (weft_ssl *ctx, const char *file, const char *path), (ctx, file, path), 1,
               weft_read_string(file); weft_read_string(path))
WEFT_SSL_SETUP(SSL_CTX_use_PrivateKey_file, (weft_ssl *ctx, const char *file, int type), (ctx, file, type), 1, weft_read_string(file))
WEFT_SSL_SETUP(SSL_CTX_use_certificate_file, (weft_ssl *ctx, const char *file, int type), (ctx, file, type), 1, weft_read_string(file))
WEFT_SSL_SETUP(SSL_CTX_use_certificate_chain_file, (weft_ssl *ctx, const char *file), (ctx, file), 1, weft_read_string(file))
WEFT_SSL_SETUP(SSL_CTX_check_private_key, (weft_ssl *ctx), (ctx), 0, (void)0)
WEFT_SSL_SETUP(SSL_CTX_set_cipher_list, (weft_ssl *ctx, const char *list), (ctx, list), 1, weft_read_string(list))

/* SSL_new: the witness's 0, a real connection, or 1, null; SSL_free and the roles: the real call */
weft_ssl *__real_SSL_new(weft_ssl *) WEFT_SSL_REAL;
weft_ssl *__wrap_SSL_new(weft_ssl *ctx) {
    weft_ssl_touch(ctx, 0);
    int found;
    long long v = value_for("SSL_new", &found);
    if (found && v != 0) return NULL;
    return __real_SSL_new(ctx);
}
void __real_SSL_free(weft_ssl *) WEFT_SSL_REAL;
void __wrap_SSL_free(weft_ssl *ssl) {
    weft_ssl_touch(ssl, 1);
    __real_SSL_free(ssl);
}
void __real_SSL_set_accept_state(weft_ssl *) WEFT_SSL_REAL;
void __wrap_SSL_set_accept_state(weft_ssl *ssl) {
    weft_ssl_touch(ssl, 1);
    __real_SSL_set_accept_state(ssl);
}
void __real_SSL_set_connect_state(weft_ssl *) WEFT_SSL_REAL;
void __wrap_SSL_set_connect_state(weft_ssl *ssl) {
    weft_ssl_touch(ssl, 1);
    __real_SSL_set_connect_state(ssl);
}
/* The connection's calls: the witness's answers (SSL_read's bytes its next value repeated, as read's), without the
   real call; without one (after the race), the real call */
#define WEFT_SSL_ANSWER(type, sym, params, args, write, extra)      \
    type __real_##sym params WEFT_SSL_REAL;                         \
    type __wrap_##sym params {                                      \
        weft_ssl_touch(ssl, write);                                 \
        int found;                                                  \
        long long v = value_for(#sym, &found);                      \
        if (!found) { park_after_race(); return __real_##sym args; } \
        extra;                                                      \
        return (type)v;                                             \
    }
WEFT_SSL_ANSWER(int, SSL_set_fd, (weft_ssl *ssl, int fd), (ssl, fd), 1, (void)0)
WEFT_SSL_ANSWER(int, SSL_accept, (weft_ssl *ssl), (ssl), 1, (void)0)
WEFT_SSL_ANSWER(int, SSL_connect, (weft_ssl *ssl), (ssl), 1, (void)0)
WEFT_SSL_ANSWER(int, SSL_do_handshake, (weft_ssl *ssl), (ssl), 1, (void)0)
WEFT_SSL_ANSWER(int, SSL_shutdown, (weft_ssl *ssl), (ssl), 1, (void)0)
WEFT_SSL_ANSWER(int, SSL_pending, (const weft_ssl *ssl), (ssl), 0, (void)0)
WEFT_SSL_ANSWER(int, SSL_read, (weft_ssl *ssl, void *buf, int num), (ssl, buf, num), 1,
                if (v > 0) memset(buf, (int)next_value("SSL_read"), (size_t)v))
WEFT_SSL_ANSWER(int, SSL_peek, (weft_ssl *ssl, void *buf, int num), (ssl, buf, num), 1,
                if (v > 0) memset(buf, (int)next_value("SSL_peek"), (size_t)v))
/* SSL_write reads the bytes it sends (inside OpenSSL, unseen): these instrumented reads stand for them */
WEFT_SSL_ANSWER(int, SSL_write, (weft_ssl *ssl, const void *buf, int num), (ssl, buf, num), 1,
                if (num > 0) __tsan_read_range(buf, (unsigned long)num))
/* SSL_get_error: 0 for a result above 0 (OpenSSL's first test), else the witness's answer */
int __real_SSL_get_error(const weft_ssl *, int) WEFT_SSL_REAL;
int __wrap_SSL_get_error(const weft_ssl *ssl, int ret) {
    weft_ssl_touch(ssl, 0);
    if (ret > 0) return 0;
    int found;
    long long v = value_for("SSL_get_error", &found);
    return found ? (int)v : __real_SSL_get_error(ssl, ret);
}
/* The thread's error queue: the witness's codes */
unsigned long __real_ERR_get_error(void) WEFT_SSL_REAL;
unsigned long __wrap_ERR_get_error(void) {
    int found;
    long long v = value_for("ERR_get_error", &found);
    return found ? (unsigned long)v : __real_ERR_get_error();
}
unsigned long __real_ERR_peek_error(void) WEFT_SSL_REAL;
unsigned long __wrap_ERR_peek_error(void) {
    int found;
    long long v = value_for("ERR_peek_error", &found);
    return found ? (unsigned long)v : __real_ERR_peek_error();
}
/* ERR_error_string_n writes its text inside libcrypto, unseen: the text and its terminator written again after it */
void __real_ERR_error_string_n(unsigned long, char *, size_t) WEFT_SSL_REAL;
void __wrap_ERR_error_string_n(unsigned long e, char *buf, size_t len) {
    __real_ERR_error_string_n(e, buf, len);
    if (len > 0) __tsan_write_range(buf, strlen(buf) + 1);
}
