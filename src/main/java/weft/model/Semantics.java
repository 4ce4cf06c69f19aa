package weft.model;

/**
 * What a C library function without synchronisation <em>computes</em>, for the layers that execute calls rather than
 * over-approximate them (the explorer's interpreter, the bounded layer): the typed counterpart of Goblint's
 * {@code LibraryDesc.special}. The {@link Event} of a function says what it does to memory for the race analysis;
 * its semantics says how to run it. Read from the table {@code /weft/model/semantics.tsv} ({@link SemanticsTable}) (its header documents the
 * kinds and their arguments); a function the table does not name has {@link Unknown} semantics: its memory effects
 * come from its event alone and its result is unknown. Argument positions are 0-based.
 */
public interface Semantics extends WorldKinds, LibraryStateKinds, DirectoryKinds, DescriptorKinds, TimeKinds, StreamKinds, ZlibKinds {
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
     * BSD's {@code strlcpy} and ({@code append}) {@code strlcat}: the string at {@code src} into (after the string at)
     * {@code dest}, cut to fit the buffer of the size at {@code size} with its terminator; returns the length the
     * whole string would have had (glibc has them from 2.38, as BSD defines them).
     */
    record BoundedCopy(int dest, int src, int size, boolean append) implements Semantics {}

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

    /** {@code inet_ntop}: the dotted text of the IPv4 address at {@code src} into {@code dest} when it fits in {@code count} bytes. */
    record FormatAddress(int family, int src, int dest, int count) implements Semantics {
        /** The dotted decimal text of an IPv4 address in network byte order (its four bytes read little-endian). */
        public static String text(long address) {
            return (address & 0xff) + "." + ((address >> 8) & 0xff) + "." + ((address >> 16) & 0xff) + "." + ((address >> 24) & 0xff);
        }
    }

    /**
     * {@code inet_ntoa}: the dotted text of the {@code struct in_addr} passed by value as argument {@code arg} in the
     * function's static buffer (POSIX lets it be one buffer for all threads; glibc's is per thread).
     */
    record AddressText(int arg) implements Semantics {}

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
     * for); returns an unknown count. {@code shown}: the reproducer shows ThreadSanitizer the text and strings it reads
     * ({@code weft_libaccess.c}), so its reads count for confirmations; else for proofs only.
     */
    record Output(int text, boolean format, int vaList, End end, int status, boolean shown) implements Semantics {
        public Output(int text, boolean format, int vaList) {
            this(text, format, vaList, End.NEVER, -1, false);
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
    /** {@code strtod}; {@code single}: {@code strtof}; {@code extended}: {@code strtold} (x87's long double). */
    record ParseFloat(int s, int end, boolean single, boolean extended) implements Semantics {}

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
     * {@code strptime(s, format, tm)}: the text at argument {@code s} read by the time format at argument
     * {@code format} in the C locale into the {@code struct tm} at argument {@code tm}, as the installed glibc reads it
     * (the fields it sets; the others left as they were); returns the byte after what it read, or null.
     */
    record ParseTime(int s, int format, int tm) implements Semantics {}

    /**
     * A part of the path at argument {@code s}: {@code part} {@code base} (GNU {@code basename}: after the last slash),
     * {@code xpg-base} (POSIX {@code basename}) or {@code dir} ({@code dirname}), the POSIX ones cutting the path in place.
     */
    record PathPart(int s, String part) implements Semantics {}

    /**
     * A wide-character string function ({@code weft.exec.WideStrings}): {@code op} is {@code length} (of the string at
     * {@code a}), {@code compare} ({@code a}, {@code b}), {@code find} (unit {@code b} in {@code a}), {@code copy}
     * (string {@code b} into {@code a}, at most {@code count} units padded with zeros when {@code count} is not -1),
     * {@code move} ({@code count} units from {@code b} to {@code a}), {@code set} ({@code count} units at {@code a} to
     * {@code b}), {@code duplicate} (of {@code a}).
     */
    record WideString(String op, int a, int b, int count) implements Semantics {}

    /**
     * {@code sscanf}: the string at {@code input} read by the scanf format at {@code format} into the pointer arguments
     * after it (or those the {@code va_list} argument {@code vaList} stands for: {@code vsscanf}); returns the number of
     * assignments or EOF.
     */
    record ScanString(int input, int format, int vaList) implements Semantics {}

    /**
     * A value of a generator on the library's hidden state, glibc's: a pseudo-random non-negative {@code int} (form
     * {@code int}: {@code rand}, {@code random} of the additive feedback generator; {@code lrand48} of the 48-bit one,
     * {@code gen48}), a signed 32-bit one ({@code signed}: {@code mrand48}), a double in [0, 1) with 48 random bits
     * ({@code double}: {@code drand48}).
     */
    record RandomInt(String form, boolean gen48) implements Semantics {

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
     * Whether a call of semantics {@code s} lets time pass or reads a clock: a sleep, a wait that may end by its
     * timeout, a clock's or a CPU time's reading. While an interval timer is armed such a call stops a witness search:
     * the world of the search is one in which no timer expires during the run ({@code weft.exec.IntervalTimers}).
     */
    static boolean measuresTime(Semantics s) {
        return s instanceof Semantics.Sleep || s instanceof Semantics.SleepFor || s instanceof Semantics.CurrentTime || s instanceof Semantics.TimeOfDay
                || s instanceof Semantics.ResourceUsage || s instanceof Semantics.ProcessTimes || s instanceof Semantics.ThreadClock
                || s instanceof Semantics.PollWait || s instanceof Semantics.EpollWait || s instanceof Semantics.SignalWait w && w.timeout() >= 0
                || s instanceof Semantics.TimerSet || s instanceof Semantics.TimerGet
                || s instanceof Semantics.InputResult r && r.keep() != null && r.keep().startsWith("clock:");
    }

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

    /** {@code signal} ({@code bsd_signal}, {@code sysv_signal}): installs {@code handler} for {@code sig}, returns the disposition before. */
    record SignalDisposition(int sig, int handler) implements Semantics {}

    /**
     * A hidden generator seeded ({@code weft.exec.Generators}): {@code srand}, {@code srandom} ({@code op} "random":
     * the additive generator from the unsigned seed at argument {@code arg}), {@code srand48} ("srand48": the 48-bit
     * state from the seed's low 32 bits), {@code seed48} ("seed48": from the three {@code unsigned short}s at
     * {@code arg}, the state before returned in a static array), {@code lcong48} ("lcong48": state, multiplier and
     * addend from the seven at {@code arg}).
     */
    record RandomSeed(String op, int arg) implements Semantics {}

    /**
     * {@code getsubopt(optionp, tokens, valuep)}: the next comma-separated suboption of {@code *optionp} (argument
     * {@code option}) matched against the null-terminated list at {@code tokens} as glibc matches it, its value
     * ({@code key=value}) or the suboption itself (no match) into {@code *valuep} (argument {@code value}).
     */
    record SubOption(int option, int tokens, int value) implements Semantics {}

    /** glibc's {@code rand_r}: three steps of its linear congruential generator on the seed at argument {@code seed}. */
    record SeededRandom(int seed) implements Semantics {}

    /** Argument {@code arg} and {@code mask} ({@code toascii}: the low seven bits). */
    record MaskBits(int arg, long mask) implements Semantics {}

    /**
     * {@code strsignal}: the installed glibc's description of a signal ({@code sigdescr_np}) as a library string; the run
     * stops for a signal without one (glibc writes "Unknown signal N" or "Real-time signal N" into a buffer of its own).
     */
    record SignalText(int sig) implements Semantics {}

    /**
     * gcc's {@code _FORTIFY_SOURCE} form of a memory or string function ({@code __memcpy_chk}, {@code __strcpy_chk}...)
     * or of {@code read} ({@code __read_chk}):
     * {@code inner} with the destination object's size (as {@code __builtin_object_size} gave it; {@code (size_t) -1}
     * unknown) at argument {@code size}; glibc aborts ({@code __chk_fail}) before writing past it.
     */
    record Fortified(Semantics inner, int size) implements Semantics {
        public Fortified {
            if (!(inner instanceof SetBytes || inner instanceof CopyBytes || inner instanceof CopyString || inner instanceof WorldRead
                    || inner instanceof AppendString a && a.count() < 0)) {
                throw new IllegalArgumentException("checked= of a kind that writes no counted bytes: " + inner);
            }
        }
    }

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
     * at {@code a}, {@code b} -1), {@code fnmatch} (the pattern at {@code a}, the string at {@code b}, the flags at
     * {@code flags}: glibc's answer in the C locale).
     */
    record InstalledString(String op, int a, int b, int flags) implements Semantics {}

    /**
     * {@code dlsym} ({@code version} -1), {@code dlvsym}: the function named by the string at {@code name} in the scope
     * of the handle at {@code handle}, {@code RTLD_DEFAULT} or {@code RTLD_NEXT} from the executable: a function of the
     * library tables that the installed C library defines (of the version at {@code version}: its default one).
     */
    record SymbolLookup(int handle, int name, int version) implements Semantics {}

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
     * {@code float}s; computed by the installed libm ({@code weft.installed.MathLibrary}), errno included;
     * {@code signgam}: it also sets libm's {@code signgam} ({@code lgamma}), which the program must not name (the run
     * stops where it does); {@code extended}: of {@code long double}s ({@code lgammal}: its values a double holds).
     */
    record MathCall(int args, int intArg, boolean single, boolean signgam, boolean extended) implements Semantics {
        public MathCall(int args, int intArg, boolean single) {
            this(args, intArg, single, false, false);
        }
    }

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

    /** Not in the table: effects from the function's event, result unknown. */
    record Unknown() implements Semantics {}

    Unknown UNKNOWN = new Unknown();

    /** The semantics of the C library function {@code name} ({@link #UNKNOWN} if the table does not give any). */
    static Semantics of(String name) {
        return SemanticsTable.BY_NAME.getOrDefault(name, UNKNOWN);
    }

    /** What {@code name} does once glibc's fortify check passed: {@link #of}, a {@link Fortified} form's inner semantics. */
    static Semantics unchecked(String name) {
        return of(name) instanceof Fortified f ? f.inner() : of(name);
    }

    /**
     * The position of the descriptor argument of a function that uses a descriptor the table's descriptor models
     * do not see it use ({@code read}, {@code write}, {@code fcntl}...: table rows {@code descriptor-argument}),
     * or -1.
     */
    static int descriptorArgument(String name) {
        return SemanticsTable.DESCRIPTOR_ARGUMENTS.getOrDefault(name, -1);
    }

    /**
     * Whether a call of {@code name} with a file the run opened as its descriptor argument is answered by the world as
     * for any other file (its row's {@code file-answer}: what the run knows of the file does not change).
     */
    static boolean fileAnswer(String name) {
        return SemanticsTable.FILE_ANSWERS.contains(name);
    }

    /** Every function the table names. */
    static java.util.Set<String> names() {
        return SemanticsTable.BY_NAME.keySet();
    }
}
