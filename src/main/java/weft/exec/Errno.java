package weft.exec;

/**
 * Linux's {@code errno} values (x86-64: {@code asm-generic/errno-base.h}, {@code errno.h}) that the library models set
 * or compare: the one place for them. The report names them from {@code ErrorTexts}.
 */
final class Errno {
    private Errno() {
    }

    static final long EPERM = 1, ENOENT = 2, ESRCH = 3, ENXIO = 6, EBADF = 9, ECHILD = 10, EAGAIN = 11, ENOMEM = 12, EBUSY = 16,
            EEXIST = 17, ENODEV = 19, ENOTDIR = 20, EINVAL = 22, ENOTTY = 25, ENOSPC = 28, ESPIPE = 29, EPIPE = 32, ERANGE = 34,
            EDEADLK = 35, ENAMETOOLONG = 36, EILSEQ = 84, ENOTSOCK = 88, ENOTSUP = 95, EAFNOSUPPORT = 97;
}
