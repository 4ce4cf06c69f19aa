package weft.model;

/**
 * The kinds of {@link Semantics} that compute what the C library keeps or answers in the program's own memory without
 * consulting the world: attribute objects in glibc's layout, allocations, pointers the library keeps, the C locale's
 * conversions and tables, radix-64 numbers, catalogs and terminal modes, sorts and searches through the program's
 * comparator and glibc's hidden hash table. Kept apart from {@link Semantics}, which
 * inherits them (each is named {@code Semantics.X} as the others are), so that neither file grows past what a reader
 * takes in (as {@link WorldKinds}).
 */
public interface LibraryStateKinds {
    /**
     * {@code getnameinfo(sa, salen, host, hostlen, serv, servlen, flags)} of an IPv4 address with
     * {@code NI_NUMERICHOST} and {@code NI_NUMERICSERV} (the arguments at {@code sa} and the following six): the dotted
     * address and the port's digits, glibc's {@code EAI_OVERFLOW} (-12) when a buffer is too small; a name to look up
     * (the resolver's, the world's) or another family stops the run.
     */
    record NumericName(int sa) implements Semantics {}
    /**
     * {@code ecvt}, {@code fcvt} ({@code op}; the value at {@code value}, the digits at {@code ndigit}, the decimal
     * point's place and the sign stored through {@code point}, {@code sign}: the digits in the function's static
     * buffer) and {@code gcvt} (the text written into the buffer at {@code buf}, returned), computed by the installed
     * glibc.
     */
    record FloatDigits(String op, int value, int ndigit, int point, int sign, int buf) implements Semantics {}
    /**
     * {@code clock_getres(clock, res)}: the resolution of a clock Linux keeps in nanoseconds ({@code CLOCK_REALTIME},
     * {@code CLOCK_MONOTONIC}, the CPU-time, raw and boot clocks: 1 ns) written as a timespec at {@code out} unless null;
     * the coarse clocks' (the kernel's tick) and others stop the run.
     */
    record ClockResolution(int clock, int out) implements Semantics {}

    /**
     * {@code alphasort(a, b)} ({@code version} false: {@code strcoll} of the two entries' names, the C locale's byte
     * order) and {@code versionsort} ({@code strverscmp}): {@code a} and {@code b} point to {@code struct dirent}
     * pointers (the name at offset 19 on x86-64 Linux).
     */
    record EntryOrder(int a, int b, boolean version) implements Semantics {}

    /**
     * {@code posix_fadvise(fd, offset, length, advice)}: of a file of the run, 0 for one of the six advices, else
     * {@code EINVAL}; of a socket {@code ESPIPE} (the error number returned).
     */
    record FileAdvice(int fd, int advice) implements Semantics {}

    /**
     * {@code getsockopt(fd, level, option, value, len)} of a socket of the run: {@code SO_ERROR} of {@code SOL_SOCKET}
     * is 0 (no error pending: the world's connections succeed when they did) written as an int, the length set to 4;
     * other options stop.
     */
    record SocketOption(int fd, int level, int option, int value, int len) implements Semantics {}
    /**
     * The multibyte conversions in the C locale, glibc's: one byte per character, bytes 0 to 127 are the characters of
     * the same codes, the others {@code EILSEQ} (84). {@code op} names the function; the arguments' positions by op:
     * {@code mblen} (s, n), {@code mbtowc} (out, s, n), {@code mbrtowc} (out, s, n, then the state), {@code wctomb} (s,
     * wc), {@code wcrtomb} (s, wc, then the state), {@code mbstowcs} and {@code wcstombs} (dest, src, n).
     */
    record Multibyte(String op, int first, int second, int third) implements Semantics {}

    /**
     * {@code nl_langinfo(item)} ({@code conventions} false: the C locale's string for the item at argument {@code item},
     * read-only) and {@code localeconv()} ({@code conventions}: the C locale's {@code struct lconv}, written into the
     * function's static buffer at each call, as glibc does).
     */
    record LocaleInfo(int item, boolean conventions) implements Semantics {}

    /**
     * {@code a64l} ({@code toText} false: the value of the radix-64 text at {@code arg}, at most six characters of
     * {@code ./0-9A-Za-z}, up to the first other) and {@code l64a} ({@code toText}: the low 32 bits of the long at
     * {@code arg} as radix-64 text, least significant digit first, in the function's static buffer; 0 an empty
     * read-only string), as glibc computes them.
     */
    record Radix64(boolean toText, int arg) implements Semantics {}

    /**
     * {@code catgets(catalog, set, number, message)}: of the catalog {@code (nl_catd) -1} (an open that failed) the
     * default message at {@code message}, glibc's answer; of another catalog the run stops (its messages are the world's).
     */
    record CatalogMessage(int catalog, int message) implements Semantics {}

    /** {@code cfmakeraw}: the {@code struct termios} at {@code termios} made raw, glibc's bits (x86-64 Linux layout). */
    record RawTerminal(int termios) implements Semantics {}

    /**
     * An attribute object's initialiser, setter or getter ({@code weft.exec.Attributes}: the object, argument 0, in
     * glibc's layout): {@code object} {@code thread} ({@code pthread_attr_t}), {@code mutex}, {@code cond}; {@code field}
     * the attribute ({@code init}: the initialiser); {@code set} whether it sets; {@code arg} the value (a setter) or
     * the output pointer (a getter), {@code arg2} the second (the stack's size, -1 for none).
     */
    record Attribute(String object, String field, boolean set, int arg, int arg2) implements Semantics {}

    /**
     * {@code posix_memalign(out, alignment, size)}: a new heap block of {@code size} bytes (indeterminate), its address
     * stored at {@code out}, 0; {@code EINVAL} (22, nothing stored) when the alignment is not a power of two multiple of
     * the pointer's size. A size of 0 gives glibc's unique pointer in a witness search and stops a proof (POSIX also
     * allows null), as {@code malloc(0)}.
     */
    record AlignedAllocation(int out, int alignment, int size) implements Semantics {}

    /**
     * The library keeps the pointer at argument {@code arg} and reads through it later ({@code openlog}'s identifier,
     * which every {@code syslog} formats: audit D47); no other effect, returns 0. A proof stops when the pointer is not
     * null (the later reads through it are not accounted for); a witness search goes on (a race on those reads is then
     * not confirmed, never wrongly).
     */
    record KeepsPointer(int arg) implements Semantics {}

    /**
     * gcc's answer where its optimisation level decides it (the front end's {@code weft.frontend.GccBuiltins} calls
     * these): {@code op} {@code constant} ({@code __weft_constant_p()}: {@code __builtin_constant_p} of an expression
     * that is no constant in C), {@code object-size} ({@code __weft_object_size(p, type, known)}: the pointer at
     * {@code p}, the type at {@code type}, whether {@code p} is a declared object's address at {@code known}); {@code op}
     * {@code lowered}: the builtin itself, which the front end lowers (no call of it remains).
     */
    record CompilerAnswer(String op, int p, int type, int known) implements Semantics {}

    /**
     * glibc's one hidden hash table ({@code weft.exec.Sorts}): {@code op} {@code create} ({@code hcreate}, the entry count
     * at {@code arg}), {@code search} ({@code hsearch}, the {@code ENTRY} at {@code arg}, the action at {@code action}),
     * {@code destroy} ({@code hdestroy}).
     */
    record HashTable(String op, int arg, int action) implements Semantics {}

    /**
     * {@code __weft_sort_next}, the next comparison of a {@code qsort} ({@code weft.frontend.CallbackLowering}): glibc's
     * merge sort of the {@code count} elements of {@code size} bytes at {@code base} advanced by one comparison, the
     * comparator's last result being {@code result} ({@code index}: the comparisons so far), its moves made; 1 with the
     * two element pointers written at {@code a} and {@code b}, or 0 when sorted ({@code weft.exec.Sorts}).
     */
    record SortStep(int a, int b, int base, int count, int size, int index, int result) implements Semantics {}

    /**
     * {@code __weft_search_next}: the next element of a {@code bsearch} to compare with the key (written at {@code p}), or 0;
     * {@code linear} ({@code __weft_lfind_next}): of an {@code lfind} or {@code lsearch}, whose {@code count} argument
     * points at the element count, which the library reads before each comparison.
     */
    record SearchStep(int p, int base, int count, int size, int index, int result, boolean linear) implements Semantics {}

    /**
     * {@code __weft_tree_next}, the next callback of a {@code tsearch}-family call ({@code weft.frontend.CallbackLowering}):
     * glibc's red-black tree operation {@code op} (at argument {@code op}: 0 {@code tsearch}, 1 {@code tfind}, 2
     * {@code tdelete}, 3 {@code twalk}, 4 {@code tdestroy}) on the key at {@code x} and the root pointer at {@code y} (for
     * the walks: the root node at {@code x}), advanced to its next call of the program's function, the last comparison's
     * result being {@code result} ({@code index}: the calls so far); 1 with the node written at {@code node}, its key at
     * {@code key}, the walk's visit and depth at {@code visit} and {@code depth}, or 0 when done ({@code weft.exec.Trees}).
     */
    record TreeStep(int node, int key, int visit, int depth, int x, int y, int op, int index, int result) implements Semantics {}

    /**
     * {@code tsearch}, {@code tfind}, {@code tdelete} ({@code op} {@code search}, {@code find}, {@code delete}: the key at
     * {@code key}, the root pointer at {@code root}), {@code twalk}, {@code tdestroy} ({@code walk}, {@code destroy}: the
     * root node at {@code root}) after the loop of their callbacks: the operation the loop ran is done.
     */
    record Tree(String op, int key, int root) implements Semantics {
        /** The operations in the order of {@link TreeStep}'s {@code op} codes. */
        public static final java.util.List<String> OPS = java.util.List.of("search", "find", "delete", "walk", "destroy");
    }

    /** {@code qsort}, {@code qsort_r} after the loop of their comparisons: the sort the loop made is done. */
    record Sort(int base, int count, int size) implements Semantics {}

    /**
     * {@code bsearch} after the loop of its comparisons: the element the loop found, or null; {@code linear}: an
     * {@code lfind} (its {@code count} argument points at the element count), and {@code append}: an {@code lsearch},
     * which appends the key ({@code size} bytes at argument 0) and counts it when the loop found none.
     */
    record Search(int base, int count, int size, boolean linear, boolean append) implements Semantics {}

    /**
     * The library's DES of glibc 2.2.5's interface ({@code weft.exec.ComputedCalls}): {@code op} {@code key}
     * ({@code setkey}: the 64-byte key at {@code arg} becomes the hidden key), {@code encrypt} ({@code encrypt}: the
     * 64-byte block at {@code arg} enciphered, or deciphered when argument {@code flag} is not 0, in place).
     */
    record ObsoleteDes(String op, int arg, int flag) implements Semantics {}

    /**
     * {@code flockfile} ({@code op} {@code lock}), {@code ftrylockfile} ({@code try}) and {@code funlockfile}
     * ({@code unlock}) of the stream at argument {@code stream}: the recursive lock every stream carries (POSIX XSH
     * flockfile; C11 7.21.2p8: each call on a stream takes it), held by one thread, counted ({@code weft.exec.StreamLocks}).
     */
    record StreamLock(String op, int stream) implements Semantics {}
}
