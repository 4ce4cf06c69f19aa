package weft.model;

/**
 * What a C library function without synchronisation <em>computes</em>, for the layers that execute calls rather than
 * over-approximate them (the explorer's interpreter, the bounded layer): the typed counterpart of Goblint's
 * {@code LibraryDesc.special}. The {@link Event} of a function says what it does to memory for the race analysis;
 * its semantics says how to run it. Read from the table {@code /weft/model/semantics.tsv} ({@link SemanticsTable}) (its header documents the
 * kinds and their arguments); a function the table does not name has {@link Unknown} semantics: its memory effects
 * come from its event alone and its result is unknown. Argument positions are 0-based.
 */
public sealed interface Semantics {
    /** {@code memset}: {@code count} bytes at {@code dest} set to {@code value} ({@code value} -1: zero, {@code bzero}); returns {@code dest}. */
    record SetBytes(int dest, int value, int count) implements Semantics {}

    /**
     * {@code memcpy}/{@code memmove}: {@code count} bytes from {@code src} to {@code dest}; overlap is undefined unless
     * {@code overlapDefined}. Returns {@code dest}, or with {@code end} ({@code mempcpy}) {@code dest + count}.
     */
    record CopyBytes(int dest, int src, int count, boolean overlapDefined, boolean end) implements Semantics {
        public CopyBytes(int dest, int src, int count, boolean overlapDefined) {
            this(dest, src, count, overlapDefined, false);
        }
    }

    /**
     * {@code memcmp}/{@code strncmp}/{@code strcmp}: byte difference at the first mismatch within {@code count}
     * ({@code -1}: unbounded), stopping at a terminator when {@code strings}; with {@code nocase}
     * ({@code strcasecmp}, {@code strncasecmp}) bytes compare, and differ, as the C locale's {@code tolower} maps them.
     */
    record CompareBytes(int a, int b, int count, boolean strings, boolean nocase) implements Semantics {}

    /**
     * {@code strstr}: the first occurrence of the string at {@code needle} in the string at {@code haystack}, or null
     * (the haystack itself for an empty needle); {@code nocase} ({@code strcasestr}): compared as the C locale's
     * {@code tolower} maps bytes.
     */
    record FindString(int haystack, int needle, boolean nocase) implements Semantics {}

    /**
     * {@code strcat}, {@code strncat}: the string at {@code src} (at most {@code count} bytes of it; {@code -1}: all)
     * and a terminator written over the terminator of the string at {@code dest}; returns {@code dest}.
     */
    record AppendString(int dest, int src, int count) implements Semantics {}

    /**
     * {@code memchr}: the first byte equal to {@code (unsigned char) ch} among {@code count} bytes at {@code s}, or
     * null; {@code memrchr} ({@code last}): the last one; {@code rawmemchr} ({@code count} -1): the first, however
     * far (the program promises one is there: none within the object stops the execution).
     */
    record FindByte(int s, int ch, int count, boolean last) implements Semantics {
        public FindByte(int s, int ch, int count) {
            this(s, ch, count, false);
        }
    }

    /**
     * {@code memmem}: the first occurrence of the {@code needleLength} bytes at {@code needle} among the
     * {@code haystackLength} bytes at {@code haystack} (an empty needle: the haystack itself), or null.
     */
    record FindBytes(int haystack, int haystackLength, int needle, int needleLength) implements Semantics {}

    /**
     * {@code memccpy}: bytes from {@code src} to {@code dest} up to and including the first equal to
     * {@code (unsigned char) ch}, at most {@code count}; returns the byte after that copy in {@code dest}, or null
     * when none of the {@code count} bytes was {@code ch}. Overlapping ranges are undefined.
     */
    record CopyUntil(int dest, int src, int ch, int count) implements Semantics {}

    /**
     * {@code strtok_r} ({@code save}: the argument holding the position between calls) and {@code strtok}
     * ({@code save} -1: the position is the library's, one per process): the next token of the string at {@code s}
     * (null {@code s}: the saved position) delimited by bytes of the string at {@code delim}; the delimiter that ends
     * it is overwritten by a terminator and the position moves past it; null when only delimiters are left.
     */
    record Tokenize(int s, int delim, int save) implements Semantics {}

    /**
     * {@code strsep}: the string the pointer at {@code stringp} points to (null: returns null), up to its first byte
     * in the string at {@code delim}, which becomes a terminator; the pointer moves past it, or becomes null when
     * there is none.
     */
    record Separate(int stringp, int delim) implements Semantics {}

    /**
     * A character class test of the C locale ({@code isdigit}...): glibc's class bit {@code mask} of argument
     * {@code arg} (its table's entry and'ed with the mask, as the functions and macros return it: 2048 for a digit);
     * {@code mask} 0: {@code isascii} (1 for 0 to 127, else 0).
     */
    record CharClass(int arg, int mask) implements Semantics {}

    /** {@code tolower} ({@code upper} false) and {@code toupper} in the C locale: glibc's table entry for argument {@code arg}. */
    record CaseMap(int arg, boolean upper) implements Semantics {}

    /**
     * {@code __ctype_b_loc}, {@code __ctype_tolower_loc}, {@code __ctype_toupper_loc}: the address of the calling
     * thread's pointer into the C locale's table {@code table} ({@code class}: 384 {@code unsigned short} class masks;
     * {@code lower}, {@code upper}: 384 {@code int} mappings), which points at the entry of character 0 (entries
     * from -128 to 255). Read-only objects of the library.
     */
    record CtypeTable(String table) implements Semantics {}

    /**
     * {@code inet_addr}: the IPv4 address in numbers-and-dots notation at {@code s} (one to four parts, each decimal,
     * octal or hex as {@code strtoul} with base 0 reads it, trailing white space and anything after it allowed),
     * in network byte order, or {@code INADDR_NONE} (all ones) when it is not one (glibc's {@code inet_aton}). With
     * {@code out} (not -1): {@code inet_aton}, 1 and the address stored at argument {@code out}, or 0; with {@code family}
     * (not -1) too: {@code inet_pton} of the family at that argument, only {@code AF_INET}'s strict four decimal parts
     * (glibc's {@code inet_pton4}), 1 or 0, -1 (EAFNOSUPPORT) for a family neither IPv4 nor IPv6 (IPv6 stops the run).
     */
    record ParseAddress(int s, int out, int family) implements Semantics {
        public ParseAddress(int s) {
            this(s, -1, -1);
        }
    }

    /**
     * {@code strdup}, {@code strndup}: a new heap block holding the string at {@code s} (at most {@code count} bytes
     * of it, {@code -1}: all) and a terminator; it succeeds, as the layers take {@code malloc} to.
     */
    record DuplicateString(int s, int count) implements Semantics {}

    /**
     * {@code getenv(name)}: the environment is the world's; the witness search takes the variable to be unset (a
     * null result, recorded; the reproducer's wrapper returns null too); a proof stops there.
     */
    record EnvironmentVariable(int name) implements Semantics {}

    /** {@code rewind(stream)} of a stream the run opened (an empty file): no effect. */
    record RewindStream(int stream) implements Semantics {}

    /**
     * A value the world decides, written through the pointer argument {@code out} (an input within {@code [lo, hi]},
     * as the pointee's type holds it; recorded and fed back by the reproducer); returns 0
     * ({@code pthread_attr_getstacksize}: the stack size of an attribute the program did not set is the system's).
     */
    record InputInto(int out, long lo, long hi) implements Semantics {}

    /**
     * A new descriptor of the run ({@code socket}, {@code eventfd}, {@code epoll_create1}, {@code timerfd_create}):
     * the lowest number from 3 that no descriptor of the run holds, of {@code kind} ({@code socket}: its readiness is
     * the world's; {@code counter}: an event counter starting at argument {@code init}; {@code epoll}: an empty
     * interest list; {@code timer}: disarmed); argument {@code flags} ({@code -1}: none) says whether it is
     * non-blocking ({@code O_NONBLOCK}) and, for a counter, a semaphore ({@code EFD_SEMAPHORE}).
     */
    record NewDescriptor(String kind, int init, int flags) implements Semantics {}

    /** {@code close(fd)}: a descriptor of the run is released (on Linux even when the call fails); the result is the world's. */
    record CloseDescriptor(int fd) implements Semantics {}

    /**
     * {@code accept}: a new connection (a new descriptor, its peer 127.0.0.1 at a port of the run's, written at
     * {@code addr} within the length at {@code len}) or a failure, the world's choice.
     */
    record AcceptConnection(int socket, int addr, int len) implements Semantics {}

    /** {@code epoll_ctl}: adds, changes or removes descriptor {@code fd}'s registration (the {@code struct epoll_event} at {@code event}). */
    record EpollControl(int epoll, int op, int fd, int event) implements Semantics {}

    /** {@code epoll_wait}: one registered descriptor that may be ready, the world's choice, or none after a timeout. */
    record EpollWait(int epoll, int events, int max, int timeout) implements Semantics {}

    /**
     * {@code poll} (the {@code count} {@code struct pollfd} at {@code fds}) and {@code select} ({@code select}: the
     * {@code fd_set}s at {@code fds} (read), {@code write}, {@code except} below descriptor {@code count}): one
     * descriptor that may be ready, the world's choice, or none after the timeout ({@code timeout}: milliseconds, or the
     * {@code struct timeval} pointer for select).
     */
    record PollWait(int fds, int count, int timeout, int write, int except, boolean select) implements Semantics {}

    /** {@code eventfd_read}: the counter at descriptor {@code fd} into {@code out} and reset (a semaphore's: 1, decremented). */
    record CounterRead(int fd, int out) implements Semantics {}

    /** {@code eventfd_write}: argument {@code value} added to the counter at descriptor {@code fd}. */
    record CounterWrite(int fd, int value) implements Semantics {}

    /** {@code timerfd_settime}: arms the timer at {@code fd} when the {@code struct itimerspec} at {@code value} has a non-zero first expiry. */
    record TimerSet(int fd, int value, int old) implements Semantics {}

    /** {@code inet_ntop}: the dotted text of the IPv4 address at {@code src} into {@code dest} when it fits in {@code count} bytes. */
    record FormatAddress(int family, int src, int dest, int count) implements Semantics {
        /** The dotted decimal text of an IPv4 address in network byte order (its four bytes read little-endian). */
        public static String text(long address) {
            return (address & 0xff) + "." + ((address >> 8) & 0xff) + "." + ((address >> 16) & 0xff) + "." + ((address >> 24) & 0xff);
        }
    }

    /**
     * {@code getaddrinfo}: the world's answer: one IPv4 address of the host (a numeric one as written, else the
     * loopback address; none with {@code AI_PASSIVE}: any) at the numeric service's port, a list of one allocated at
     * {@code result}; or a failure.
     */
    record ResolveAddress(int host, int service, int hints, int result) implements Semantics {}

    /** {@code freeaddrinfo}: frees a list {@link ResolveAddress} allocated. */
    record FreeAddresses(int list) implements Semantics {}

    /**
     * {@code gethostbyname} (the name at {@code name}), {@code gethostbyname2} (and the family at {@code family}),
     * {@code gethostbyaddr} (the {@code length} bytes at {@code addr} of the family at {@code family}): the world's
     * answer, one IPv4 address, in the function's static {@code struct hostent} ({@code -1}: no such argument).
     */
    record ResolveHost(int name, int addr, int length, int family) implements Semantics {}

    /**
     * {@code strlen}: the length of the terminated string at {@code s}; with {@code count} not -1 ({@code strnlen}) at
     * most argument {@code count}, reading no byte past it.
     */
    record StringLength(int s, int count) implements Semantics {
        public StringLength(int s) {
            this(s, -1);
        }
    }

    /**
     * {@code strspn} / {@code strcspn} ({@code reject}): the length of the longest prefix of the string at {@code s}
     * made of bytes in (not in) the string at {@code set}.
     */
    record Span(int s, int set, boolean reject) implements Semantics {}

    /** {@code strpbrk}: the first byte of the string at {@code s} that is in the string at {@code set}, or null. */
    record FindAny(int s, int set) implements Semantics {}

    /**
     * {@code strcpy}/{@code strncpy}: the string at {@code src} into {@code dest}, padded with zeros to {@code count}
     * bytes ({@code -1}: its length + 1). Returns {@code dest}, or with {@code end} ({@code stpcpy}, {@code stpncpy})
     * {@code dest} plus the length copied without the terminator (the terminator written, or {@code dest + count}).
     */
    record CopyString(int dest, int src, int count, boolean end) implements Semantics {
        public CopyString(int dest, int src, int count) {
            this(dest, src, count, false);
        }
    }

    /**
     * {@code strchr}: the first occurrence of character {@code ch} in the string at {@code s} (its terminator included),
     * or null; {@code strrchr} ({@code last}): the last one; {@code strchrnul} ({@code nul}): the terminator instead of null.
     */
    record FindChar(int s, int ch, boolean last, boolean nul) implements Semantics {
        public FindChar(int s, int ch, boolean last) {
            this(s, ch, last, false);
        }
    }

    /**
     * Output of the string at {@code text} ({@code format}: a printf format, whose {@code %n} writes memory, with the
     * arguments after it or, when {@code vaList} is not -1, those the {@code va_list} argument {@code vaList} stands
     * for); returns an unknown count.
     */
    record Output(int text, boolean format, int vaList, End end, int status) implements Semantics {
        public Output(int text, boolean format, int vaList) {
            this(text, format, vaList, End.NEVER, -1);
        }
    }

    /**
     * Whether an {@link Output} call ends the program after writing: never, always ({@code err}: {@code exit} with
     * argument {@code status}) or when argument {@code status} is not zero ({@code error}).
     */
    enum End { NEVER, ALWAYS, NONZERO }

    /** Output of raw bytes ({@code write}, {@code fwrite}): a read of memory whose extent is not computed. */
    record RawOutput() implements Semantics {}

    /**
     * Formats the printf format at argument {@code format} with the arguments after it into the buffer at {@code dest}:
     * at most {@code count} bytes, the terminator included ({@code count} &lt; 0: no bound, {@code sprintf}); returns
     * the length of the whole text ({@code snprintf}, {@code sprintf}). When {@code vaList} is not -1 the arguments are
     * those the {@code va_list} argument {@code vaList} stands for ({@code vsnprintf}, {@code vsprintf}). With
     * {@code alloc} ({@code asprintf}, {@code vasprintf}) the text goes into a new heap block whose address is stored
     * through the {@code char **} argument {@code dest}.
     */
    record FormatInto(int dest, int count, int format, int vaList, boolean alloc) implements Semantics {
        public FormatInto(int dest, int count, int format, int vaList) {
            this(dest, count, format, vaList, false);
        }
    }

    /**
     * The integer the string at {@code s} begins with ({@code strtol} and its kin, {@code atoi}): in base {@code base}'s
     * argument (-1: 10), as a {@code bits}-bit integer ({@code unsigned} or signed; 0: a {@code long}), the end stored
     * through argument {@code end} (-1: none); the result converted to a {@code resultBits}-bit int (0: not converted).
     */
    record ParseInt(int s, int end, int base, int bits, boolean unsigned, int resultBits) implements Semantics {}

    /**
     * The floating-point number the string at {@code s} begins with ({@code strtod}, {@code strtof}, {@code atof}), as the
     * installed C library parses it in the C locale; a {@code float} when {@code single}; the end stored through argument
     * {@code end} (-1: none).
     */
    record ParseFloat(int s, int end, boolean single) implements Semantics {}

    /**
     * gcc's bit builtins on argument {@code arg} of {@code width} ({@code int}, {@code long} or {@code llong}, as the
     * builtin's name says): {@code op} {@code clz} (leading zeros), {@code ctz} (trailing zeros; both undefined for 0),
     * {@code popcount} (set bits) or {@code parity} (set bits modulo 2).
     */
    record BitCount(int arg, String op, String width) implements Semantics {}

    /** {@code difftime}: the {@code time_t} argument {@code a} less argument {@code b}, as a {@code double}, rounded once. */
    record TimeDifference(int a, int b) implements Semantics {}

    /**
     * {@code setlocale(category, locale)}: the name of the C locale for a query (null), {@code "C"} or {@code "POSIX"},
     * and for {@code ""} (the environment's locale, an input: taken to be C, recorded); other names stop the execution.
     */
    record LocaleName(int locale) implements Semantics {}

    /** The front end's callback loop condition: no handler runs when argument {@code mayNotRun} is 1 (see semantics.tsv). */
    record HandlersRun(int mayNotRun) implements Semantics {}

    /** {@code htons}, {@code htonl} and the reverse: the low {@code bytes} bytes of argument 0 in the other order (x86 is little-endian). */
    record ByteSwap(int bytes) implements Semantics {}

    /**
     * {@code getopt}: the next option of the command line at arguments {@code argc}, {@code argv} ({@code weft.exec.Getopt});
     * {@code getopt_long} with the {@code struct option} array at {@code longopts} and the index output {@code longindex}
     * (-1: none), {@code getopt_long_only} when {@code longOnly}.
     */
    record Getopt(int argc, int argv, int options, int longopts, int longindex, boolean longOnly) implements Semantics {
        public Getopt(int argc, int argv, int options) {
            this(argc, argv, options, -1, -1, false);
        }
    }

    /**
     * {@code localtime}, {@code gmtime} and their {@code _r} forms: the calendar time of the {@code time_t} at argument
     * {@code time} broken down into a {@code struct tm} (UTC; for {@code local} the environment's time zone, an input
     * taken to be UTC and recorded), stored at argument {@code into} (none: the function's static buffer, its state
     * group's object) and returned.
     */
    record BrokenDownTime(int time, int into, boolean local) implements Semantics {}

    /**
     * {@code asctime} and {@code ctime} and their {@code _r} forms: glibc's text of the {@code struct tm} at argument
     * {@code tm}, or (-1) of the {@code time_t} at argument {@code time} broken down ({@code local}: in the environment's
     * time zone, an input taken to be UTC and recorded; also into the static {@code struct tm} of state group number
     * {@code tmState}, -1: none), written into argument {@code into} (-1: the function's static buffer) and returned.
     */
    record AsciiTime(int tm, int time, int into, boolean local, int tmState) implements Semantics {}

    /**
     * {@code mktime} ({@code local}: the environment's time zone, an input taken to be UTC and recorded) and
     * {@code timegm}: the {@code struct tm} at argument {@code tm} normalised in place, its {@code time_t} returned.
     */
    record MakeTime(int tm, boolean local) implements Semantics {}

    /**
     * {@code strftime(dest, count, format, tm)}: the time format at argument {@code format} applied to the
     * {@code struct tm} at argument {@code tm} in the C locale, into {@code dest} when it fits in {@code count} bytes
     * with its terminator; returns its length (0 when it does not fit).
     */
    record FormatTime(int dest, int count, int format, int tm) implements Semantics {}

    /**
     * {@code fopen(path, mode)}: whether the file opens is the world's answer (an input: first a new stream of an empty
     * file, then a failure, {@code ENOENT}); the path and mode strings are read. {@code tmpfile} ({@code path} -1): a new
     * empty file opened {@code "w+"}, whose reads stop the run (it gives back what was written).
     */
    record OpenStream(int path, int mode) implements Semantics {}

    /**
     * A read from the stream at argument {@code stream} ({@code fgetc}, {@code fgets}, {@code fread}; {@code formatted}:
     * {@code fscanf}, which is no character read of the standard input): on a stream the run opened (an empty file) the
     * end of the file at once, returning {@code end} and writing nothing; the contents of a file are inputs a proof does
     * not enumerate (it stops there), as is any other stream.
     */
    record ReadStream(int stream, long end, boolean formatted) implements Semantics {
        public ReadStream(int stream, long end) {
            this(stream, end, false);
        }
    }

    /**
     * {@code getline} and {@code getdelim} on the stream at argument {@code stream}: on a stream the run opened (an empty
     * file) the end at once, -1, after glibc gave {@code *lineptr} (argument {@code lineptr}) a new 120-byte block and
     * {@code *n} (argument {@code n}) 120 when {@code *lineptr} was null or {@code *n} 0; a proof stops, as for any read.
     */
    record ReadLine(int lineptr, int n, int stream) implements Semantics {}

    /** {@code opendir}: a new directory stream or a failure (ENOENT), the world's answer; the path at argument {@code path}. */
    record OpenDirectory(int path) implements Semantics {}

    /** {@code readdir} of the stream at argument {@code dir}: another entry (a regular file) or the end, the world's answer. */
    record ReadDirectory(int dir) implements Semantics {}

    /** {@code closedir} of the stream at argument {@code dir}: released; 0. */
    record CloseDirectory(int dir) implements Semantics {}

    /**
     * A part of the path at argument {@code s}: {@code part} {@code base} (GNU {@code basename}: after the last slash),
     * {@code xpg-base} (POSIX {@code basename}) or {@code dir} ({@code dirname}), the POSIX ones cutting the path in place.
     */
    record PathPart(int s, String part) implements Semantics {}

    /** {@code fclose(stream)} of a stream the run opened: 0. */
    record CloseStream(int stream) implements Semantics {}

    /** The current time ({@code out}: an output pointer argument, executed only when null): an input. */
    record CurrentTime(int out) implements Semantics {}

    /**
     * The time with a fraction of a second, written as two {@code long}s (seconds, then the fraction below
     * {@code fraction}) into the struct argument {@code out} points to ({@code gettimeofday}'s {@code timeval},
     * {@code clock_gettime}'s {@code timespec}): inputs; returns 0. {@code zone}: an argument that must be null
     * (-1: none); {@code clock}: an argument that must name a clock Linux has (0 to 11; -1: none).
     */
    record TimeOfDay(int out, int zone, long fraction, int clock) implements Semantics {}

    /**
     * {@code getrlimit}: the limits of resource {@code resource} (0 to 15, Linux's {@code RLIMIT_*}; another abandons)
     * written as two {@code rlim_t} (an unsigned long: the soft limit, then the hard one, at least as large) into the
     * {@code struct rlimit} argument {@code out} points to: inputs, recorded in that order; returns 0. The file
     * limit ({@code RLIMIT_NOFILE}, 7) is never infinite on Linux (at most {@code fs.nr_open}, 1048576 by default).
     */
    record ResourceLimit(int resource, int out) implements Semantics {}

    /**
     * {@code getrusage}: the CPU times of the process, its children or the calling thread (argument {@code who}) as
     * inputs, written into the {@code struct rusage} argument {@code out} points to; returns 0.
     */
    record ResourceUsage(int who, int out) implements Semantics {}

    /**
     * The system's names, the world's answers ({@code weft.exec.Resources}): {@code op} {@code host}
     * ({@code gethostname(buf, size)}), {@code cwd} ({@code getcwd(buf, size)}) or {@code uname} ({@code uname(buf)}).
     */
    record SystemName(String op, int buf, int size) implements Semantics {}

    /**
     * {@code __weft_walk_next}, the next entry of a file-tree walk ({@code weft.frontend.CallbackLowering}): whether
     * there is one (1 or 0), its path written at {@code path} (in the walk's directory {@code dir}) and its
     * {@code struct stat} at {@code stat}; {@code index} counts the entries so far, {@code result} is the callback's
     * last result.
     */
    record WalkEntry(int path, int stat, int dir, int index, int result) implements Semantics {}

    /**
     * {@code __weft_sort_next}, the next comparison of a {@code qsort} ({@code weft.frontend.CallbackLowering}): glibc's
     * merge sort of the {@code count} elements of {@code size} bytes at {@code base} advanced by one comparison, the
     * comparator's last result being {@code result} ({@code index}: the comparisons so far), its moves made; 1 with the
     * two element pointers written at {@code a} and {@code b}, or 0 when sorted ({@code weft.exec.Sorts}).
     */
    record SortStep(int a, int b, int base, int count, int size, int index, int result) implements Semantics {}

    /** {@code __weft_search_next}: the next element of a {@code bsearch} to compare with the key (written at {@code p}), or 0. */
    record SearchStep(int p, int base, int count, int size, int index, int result) implements Semantics {}

    /**
     * A wide-character string function ({@code weft.exec.WideStrings}): {@code op} is {@code length} (of the string at
     * {@code a}), {@code compare} ({@code a}, {@code b}), {@code find} (unit {@code b} in {@code a}), {@code copy}
     * (string {@code b} into {@code a}, at most {@code count} units padded with zeros when {@code count} is not -1),
     * {@code move} ({@code count} units from {@code b} to {@code a}), {@code set} ({@code count} units at {@code a} to
     * {@code b}), {@code duplicate} (of {@code a}).
     */
    record WideString(String op, int a, int b, int count) implements Semantics {}

    /** {@code qsort}, {@code qsort_r} after the loop of their comparisons: the sort the loop made is done. */
    record Sort(int base, int count, int size) implements Semantics {}

    /** {@code bsearch} after the loop of its comparisons: the element the loop found, or null. */
    record Search(int base, int count, int size) implements Semantics {}

    /**
     * {@code sscanf}: the string at {@code input} read by the scanf format at {@code format} into the pointer arguments
     * after it (or those the {@code va_list} argument {@code vaList} stands for: {@code vsscanf}); returns the number of
     * assignments or EOF.
     */
    record ScanString(int input, int format, int vaList) implements Semantics {}

    /**
     * A value of a generator on the library's hidden state, an input: a pseudo-random non-negative {@code int} (form
     * {@code int}: {@code rand}, {@code random}, {@code lrand48}), a signed 32-bit one ({@code signed}: {@code mrand48}),
     * a double in [0, 1) with 48 random bits ({@code double}: {@code drand48}).
     */
    record RandomInt(String form) implements Semantics {
        public RandomInt {
            if (!java.util.Set.of("int", "signed", "double").contains(form)) throw new IllegalArgumentException("random form " + form);
        }
    }

    /** {@code erand48}, {@code nrand48}, {@code jrand48}: glibc's 48-bit generator on the state at argument {@code state}. */
    record Rand48(int state, String form) implements Semantics {
        public Rand48 {
            if (!java.util.Set.of("int", "signed", "double").contains(form)) throw new IllegalArgumentException("rand48 form " + form);
        }
    }

    /**
     * A result the world decides, an input within {@code [lo, hi]} (in the table, {@code max} is an int's): what the
     * process's ids, the system's configuration... are is not the program's to know ({@code getpid}, {@code sysconf}).
     * When {@code optionArg} is not negative, only calls whose argument {@code optionArg} is {@code option} are
     * covered (e.g. {@code prctl(PR_SET_NAME, ..)}); others stop the execution. With {@code errno}, a result of -1 is
     * a failure that also sets errno, to an input in 1 to 133 (Linux's error numbers); {@code failure} is that result
     * when it is not -1 ({@code isatty}'s 0).
     */
    record InputResult(long lo, long hi, int optionArg, long option, boolean errno, long failure) implements Semantics {
        public InputResult(long lo, long hi, int optionArg, long option, boolean errno) {
            this(lo, hi, optionArg, option, errno, -1);
        }
    }

    /** No effect on the program; returns 0 (attribute initialisers, yields, sleeps, {@code fflush}). */
    record ReturnsZero() implements Semantics {}

    /**
     * An attribute setter that checks its argument as glibc does (audit D48): 0 when argument {@code arg} is among
     * {@code values} or at least {@code min}, else the error number {@code refusals} gives for it, else EINVAL (22); no other effect on the
     * program ({@code pthread_attr_setscope}: 0 for {@code PTHREAD_SCOPE_SYSTEM}, ENOTSUP for
     * {@code PTHREAD_SCOPE_PROCESS}).
     */
    record Accepts(int arg, java.util.Set<Long> values, long min, java.util.Map<Long, Long> refusals) implements Semantics {
        public Accepts {
            values = java.util.Set.copyOf(values);
            refusals = java.util.Map.copyOf(refusals);
        }

        /** glibc's answer for argument value {@code v} (every value from {@code min} on is accepted too). */
        public long answer(long v) {
            return values.contains(v) || v >= min ? 0 : refusals.getOrDefault(v, 22L);
        }
    }

    /**
     * Pauses and returns 0 ({@code nanosleep}, {@code thrd_sleep}); reads the requested duration {@code request} points to (audit
     * D42: a thread writing it while another slept with it was proved race-free by the exploration). The remaining time is
     * written only when a signal interrupts the sleep, which this model does not: no write is recorded.
     */
    record Sleep(int request) implements Semantics {}

    /** Returns argument {@code arg} unchanged ({@code __builtin_expect}). */
    record ReturnsArg(int arg) implements Semantics {}

    /** Writes through pointer arguments or affects other threads in ways not computed: an execution reaching it stops. */
    record Unsupported() implements Semantics {}

    /** Sets the calling thread's cancelability bit {@code bit} (1: state, 2: type) to argument 0, the old value through {@code oldArg}. */
    record SetCancelability(int bit, int oldArg) implements Semantics {}

    /**
     * An operation of {@code <signal.h>} on the signal set at argument {@code set} as glibc on Linux makes it (its first
     * 64-bit word: signals 1 to 64): {@code empty}, {@code fill} (all but glibc's internal 32 and 33), {@code add},
     * {@code del}, {@code member} (argument {@code sig}; -1 and {@code EINVAL} outside 1..64, add and del also for
     * 32 and 33), {@code is-empty}, {@code and}, {@code or} (of the sets at {@code left} and {@code right}).
     */
    record SignalSet(String op, int set, int sig, int left, int right) implements Semantics {}

    /**
     * {@code sigaction(sig, act, old)}: 0, or -1 and {@code EINVAL} for a signal outside 1..64, glibc's internal 32
     * and 33, and {@code SIGKILL}/{@code SIGSTOP} with an action; reads the action; executed only when {@code old} is
     * null (the disposition before is the world's: a parent may have left a signal ignored).
     */
    record SignalAction(int sig, int act, int old) implements Semantics {}

    /**
     * {@code getpwnam} / {@code getgrnam} (the name at argument {@code name}), {@code getpwuid} / {@code getgrgid} (the id
     * at argument {@code id}; -1: none), of the group database when {@code group}: the world's entry, or none.
     */
    record AccountEntry(int name, int id, boolean group) implements Semantics {
        /** How many values a witness records for a call whose first value is {@code first}. */
        public int recorded(long first) {
            return first != 0 ? 1 : 1 + (name >= 0 ? 1 : 0) + (group ? 0 : 1);
        }
    }

    /** {@code signal} ({@code bsd_signal}, {@code sysv_signal}): installs {@code handler} for {@code sig}, returns the disposition before. */
    record SignalDisposition(int sig, int handler) implements Semantics {}

    /** glibc's {@code rand_r}: three steps of its linear congruential generator on the seed at argument {@code seed}. */
    record SeededRandom(int seed) implements Semantics {}

    /** Argument {@code arg} and {@code mask} ({@code toascii}: the low seven bits). */
    record MaskBits(int arg, long mask) implements Semantics {}

    /**
     * {@code strsignal}: the installed glibc's description of a signal ({@code sigdescr_np}) as a library string; the run
     * stops for a signal without one (glibc writes "Unknown signal N" or "Real-time signal N" into a buffer of its own).
     */
    record SignalText(int sig) implements Semantics {}

    /** {@code fileno}: the descriptor of the standard stream at argument {@code stream} (0, 1, 2); another stops the run. */
    record StreamDescriptor(int stream) implements Semantics {}

    /**
     * gcc's {@code _FORTIFY_SOURCE} form of a memory or string function ({@code __memcpy_chk}, {@code __strcpy_chk}...):
     * {@code inner} with the destination object's size (as {@code __builtin_object_size} gave it; {@code (size_t) -1}
     * unknown) at argument {@code size}; glibc aborts ({@code __chk_fail}) before writing past it.
     */
    record Fortified(Semantics inner, int size) implements Semantics {
        public Fortified {
            if (!(inner instanceof SetBytes || inner instanceof CopyBytes || inner instanceof CopyString
                    || inner instanceof AppendString a && a.count() < 0)) {
                throw new IllegalArgumentException("checked= of a kind that writes no counted bytes: " + inner);
            }
        }
    }

    /** {@code feof} (op {@code eof}), {@code ferror} ({@code error}), {@code clearerr} ({@code clear}) of a stream. */
    record StreamIndicator(int stream, String op) implements Semantics {
        public StreamIndicator {
            if (!java.util.Set.of("eof", "error", "clear").contains(op)) throw new IllegalArgumentException("stream-indicator op " + op);
        }
    }

    /**
     * {@code fseek}, {@code fseeko} ({@code whence} not -1: the origin argument) and {@code ftell}, {@code ftello}
     * ({@code whence} -1) of a stream the run opened only for reading.
     */
    record StreamPosition(int stream, int whence) implements Semantics {}

    /** {@code setvbuf}, {@code setbuf}, {@code setlinebuf}: the buffering of a stream ({@code buf}, {@code mode}: -1 none). */
    record SetBuffering(int stream, int buf, int mode) implements Semantics {}

    /**
     * Changes the signal mask to or by the set {@code setArg} points to (none when null), which it reads (audit D45: the
     * read was not recorded, so a worker adding a signal to the set while main blocked it was proved race-free); executed
     * only when the output argument {@code oldArg} is null.
     */
    record SignalMask(int setArg, int oldArg) implements Semantics {}

    /** Whether two thread ids are equal ({@code pthread_equal}). */
    record ThreadIdsEqual(int a, int b) implements Semantics {}

    /** The absolute value of an {@code int} ({@code wide}: a {@code long}); undefined for the type's minimum. */
    record AbsoluteValue(int arg, boolean wide) implements Semantics {}

    /** Find-first-set: 1 + the index of the least significant set bit of {@code arg}, 0 for 0. */
    record FindFirstSet(int arg) implements Semantics {}

    /** {@code putchar}: returns its argument as an {@code unsigned char}. */
    record PutChar(int arg) implements Semantics {}

    /** Never returns unless {@code cond} holds (SV-COMP's {@code assume_cycle_if_not}). */
    record AssumeOrLoop(int cond) implements Semantics {}

    /**
     * A function of zlib run by the installed library itself ({@code weft.installed.Zlib}): {@code op} names the
     * operation (the table's {@code op=}: {@code version}, {@code crc32}, {@code adler32}, {@code crc32-combine},
     * {@code adler32-combine}, {@code crc-table}, {@code deflate-bound} and the stream operations {@code deflate-init},
     * {@code deflate-init2}, {@code deflate}, {@code deflate-end}, {@code deflate-reset}, {@code deflate-params},
     * {@code deflate-set-dictionary}, {@code deflate-pending}, {@code deflate-prime}, {@code deflate-tune}), with
     * zlib's arguments in zlib's order. The witness search only; a proof stops there.
     */
    record Zlib(String op) implements Semantics {}

    /** {@code open}: a new descriptor of the run or a failure, the world's ({@code weft.exec.WorldFiles}). */
    record WorldOpen(int path) implements Semantics {}

    /**
     * What the descriptor of a {@link WorldRead} or {@link WorldWrite} must be: any the run may read or write
     * ({@code read}, {@code write}), a socket ({@code recv}, {@code send}: Linux refuses others with ENOTSOCK) or a file
     * the run opened ({@code pread}, {@code pwrite}: a pipe or socket gives ESPIPE).
     */
    enum Channel { ANY, SOCKET, FILE }

    /**
     * {@code read}: the end, all, part or a failure, the bytes one value repeated, the world's
     * ({@code weft.exec.WorldFiles}). {@code flags}: the position of a socket call's flags argument (-1: none), which
     * must hold only {@link #RECEIVE_FLAGS}; {@code from}: of {@code recvfrom}'s address argument (-1: none), which must
     * be null.
     */
    record WorldRead(int fd, int buf, int count, Channel channel, int flags, int from) implements Semantics {}

    /**
     * {@code write}: all or a failure, the world's ({@code weft.exec.WorldFiles}); {@code flags}: the position of a
     * socket call's flags argument (-1: none), which must hold only {@link #SEND_FLAGS}.
     */
    record WorldWrite(int fd, int buf, int count, Channel channel, int flags) implements Semantics {}

    /**
     * {@code lseek}: on a file the run opened, {@code SEEK_SET} to a non-negative offset gives it; {@code SEEK_CUR} and
     * {@code SEEK_END} give a position the world decides (the file's length and the reads before are the world's; after
     * an {@code fstat} of the file, {@code SEEK_END} its size plus the offset); a socket gives ESPIPE; a negative result
     * EINVAL; a standard stream stops ({@code weft.exec.WorldFiles}).
     */
    record WorldSeek(int fd, int offset, int whence) implements Semantics {}

    /**
     * Linux's receive flags whose answers a {@link WorldRead} gives: MSG_DONTWAIT (0x40: a failure with EAGAIN is one
     * of them) and MSG_WAITALL (0x100: a part is what a peer that closes early leaves). MSG_PEEK (a later read would
     * give the same bytes again) and the others stop the execution.
     */
    long RECEIVE_FLAGS = 0x40 | 0x100;

    /**
     * Linux's send flags that change no answer of a {@link WorldWrite}: MSG_DONTROUTE (4), MSG_DONTWAIT (0x40), MSG_EOR
     * (0x80), MSG_CONFIRM (0x800), MSG_NOSIGNAL (0x4000: no SIGPIPE, the failure EPIPE is among the answers), MSG_MORE
     * (0x8000). MSG_OOB and the others stop the execution.
     */
    long SEND_FLAGS = 4 | 0x40 | 0x80 | 0x800 | 0x4000 | 0x8000;

    /**
     * {@code stat} ({@code path} the name's argument, {@code fd} -1), {@code fstat} ({@code fd} the descriptor's), with
     * {@code link} ({@code lstat}) a symbolic link among the kinds: the world's ({@code weft.exec.WorldFiles}).
     */
    record WorldStatus(int path, int fd, int out, boolean link) implements Semantics {}

    /**
     * {@code strerror}: the C library's text for error number {@code errnum}, in the C locale, read-only;
     * {@code family} {@code gai}: {@code gai_strerror}'s text for a {@code getaddrinfo} result, {@code host}:
     * {@code hstrerror}'s for an {@code h_errno} value (glibc's own static texts, untranslated in the C locale).
     */
    record ErrorMessage(int errnum, String family) implements Semantics {}

    /**
     * {@code div}, {@code ldiv}, {@code lldiv}: the quotient (truncated) and remainder of {@code a} by {@code b}, as a
     * struct of two integers of {@code bytes} bytes each; division by zero and the overflow of the minimum by -1 are
     * undefined (the run stops).
     */
    record Divide(int a, int b, int bytes) implements Semantics {}

    /**
     * {@code strxfrm} in the C locale (glibc's {@code strxfrm_l} without collation rules): {@code min(n + 1, count)}
     * bytes of the string at {@code src} ({@code n} its length) copied to {@code dest} as {@code stpncpy} copies them
     * (none when {@code count} is 0); returns {@code n}.
     */
    record TransformString(int dest, int src, int count) implements Semantics {}

    /**
     * A pure function of strings computed by the installed C library ({@code weft.installed.CLibrary}): {@code op}
     * {@code strverscmp} (of the strings at {@code a} and {@code b}: glibc's value), {@code inet_network} (of the string
     * at {@code a}, {@code b} -1).
     */
    record InstalledString(String op, int a, int b) implements Semantics {}

    /**
     * {@code strerror_r} (GNU: the static text of a known error number, else {@code "Unknown error N"} written into the
     * {@code count} bytes at {@code buf} and {@code buf} returned) and, with {@code xsi}, {@code __xpg_strerror_r}
     * (the text copied into {@code buf}, cut to {@code count - 1} bytes and terminated; 0, {@code ERANGE} when cut,
     * {@code EINVAL} for an unknown number, whose text is written as GNU's is).
     */
    record ErrorMessageInto(int errnum, int buf, int count, boolean xsi) implements Semantics {}

    /** {@code setjmp}: returns 0, the point recorded by the jmp_buf argument {@code env} ({@code weft.exec.Jumps}). */
    record SetJump(int env) implements Semantics {}

    /** {@code longjmp}: back to the {@code setjmp} that filled {@code env}, which returns {@code value} (1 for 0). */
    record LongJump(int env, int value) implements Semantics {}

    /**
     * A function of the math library ({@code sqrt}, {@code pow}, {@code sin}...) of {@code args} floating-point
     * arguments ({@code intArg}: the position of an {@code int} one, {@code ldexp}'s, or -1), {@code single}: of
     * {@code float}s; computed by the installed libm ({@code weft.installed.MathLibrary}), errno included.
     */
    record MathCall(int args, int intArg, boolean single) implements Semantics {}

    /**
     * A math library function of one double that also stores through its pointer argument {@code out} an {@code int}
     * ({@code intOutput}: {@code frexp}'s exponent) or a {@code double} ({@code modf}'s integral part).
     */
    record MathWithOutput(int out, boolean intOutput) implements Semantics {}

    /**
     * gcc's floating-point classification builtins ({@code isnan}...) of argument {@code arg}: {@code test} one of
     * {@code nan}, {@code inf}, {@code inf-sign} (1 for +inf, -1 for -inf, else 0), {@code finite}, {@code signbit}.
     */
    record FloatClass(int arg, String test) implements Semantics {}

    /**
     * gcc's constant builtins ({@code NAN}, {@code INFINITY}, {@code HUGE_VAL}): a quiet NaN ({@code nan}: the payload
     * string argument must be empty) or positive infinity, a {@code float} when {@code single}.
     */
    record FloatConstant(boolean nan, boolean single) implements Semantics {}

    /**
     * {@code mmap} of a file the run opened ({@code fd}), {@code length} bytes from {@code offset} 0 at an address of
     * the system's choice ({@code addr} null): the file's bytes are the world's (weft.exec.WorldFiles); other uses of
     * mmap stop the execution.
     */
    record WorldMap(int addr, int length, int prot, int flags, int fd, int offset) implements Semantics {}

    /** {@code munmap} of a whole mapping {@link WorldMap} made: returns 0; anything else stops the execution. */
    record WorldUnmap(int addr, int length) implements Semantics {}

    /** Not in the table: effects from the function's event, result unknown. */
    record Unknown() implements Semantics {}

    Unknown UNKNOWN = new Unknown();

    /** The semantics of the C library function {@code name} ({@link #UNKNOWN} if the table does not give any). */
    static Semantics of(String name) {
        return SemanticsTable.BY_NAME.getOrDefault(name, UNKNOWN);
    }

    /**
     * The position of the descriptor argument of a function that uses a descriptor the table's descriptor models
     * do not see it use ({@code read}, {@code write}, {@code fcntl}...: table rows {@code descriptor-argument}),
     * or -1.
     */
    static int descriptorArgument(String name) {
        return SemanticsTable.DESCRIPTOR_ARGUMENTS.getOrDefault(name, -1);
    }

    /** Every function the table names. */
    static java.util.Set<String> names() {
        return SemanticsTable.BY_NAME.keySet();
    }
}
