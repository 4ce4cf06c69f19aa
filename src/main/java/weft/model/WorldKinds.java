package weft.model;

/**
 * The kinds of {@link Semantics} whose answers are the world's: files and the standard streams, addresses and
 * accounts, the time, resources and system names, the environment, and the results the world decides
 * ({@link InputResult}); the directories' are {@link DirectoryKinds}, the descriptors' and event loops'
 * {@link DescriptorKinds}. The layers that execute calls
 * take each answer as an input among those POSIX and Linux allow, record it in the witness, and the reproducer gives
 * it back ({@link WorldValues}). Kept apart from {@link Semantics}, which inherits them (each is named
 * {@code Semantics.X} as the others are), so that neither file grows past what a reader takes in.
 */
public interface WorldKinds {
    /**
     * {@code getenv(name)}: the environment is the world's; the witness search takes a variable the run did not set
     * to be unset (a null result, recorded as 0; the reproducer's wrapper returns null too), one it set
     * ({@link EnvironmentChange}) to hold what it set (recorded as 1: the reproducer's real getenv gives it); a proof
     * stops there.
     */
    record EnvironmentVariable(int name) implements Semantics {}

    /**
     * {@code getdate}: the templates are in the file {@code DATEMSK} names, which is the world's. glibc 2.36 answers
     * null with {@code getdate_err} 1 when the variable is unset or empty (an inherited one taken unset, as
     * {@link EnvironmentVariable}'s), and when the program set it, 3 (the file does not exist: a world in which it does
     * not is a real one); both recorded, the string at {@code s} not read (glibc reads it only against a template).
     */
    record DateParse(int s) implements Semantics {}

    /**
     * A change of the environment ({@code weft.exec.Environment}): {@code op} {@code set} ({@code setenv(name, value,
     * overwrite)}), {@code unset} ({@code unsetenv(name)}), {@code put} ({@code putenv(string)}: the program's own
     * {@code NAME=value} becomes the entry; {@code name} is its position), {@code clear} ({@code clearenv()}).
     */
    record EnvironmentChange(String op, int name, int value, int overwrite) implements Semantics {}

    /** {@code ungetc(character, stream)}: the character pushed back onto the standard input or a stream the run opened. */
    record UnreadStream(int character, int stream) implements Semantics {}

    /**
     * {@code tzset()}: the time zone from the environment's {@code TZ}, which the witness search takes to be unset
     * (UTC, as localtime's): it sets {@code tzname}, {@code timezone}, {@code daylight}, which the program must not name
     * for the call to run (it then sees nothing of them).
     */
    record TimeZone() implements Semantics {}

    /** {@code rewind(stream)} of a stream the run opened (an empty file): no effect. */
    record RewindStream(int stream) implements Semantics {}

    /**
     * {@code sigwait} (the signal stored at {@code out}, returns 0), {@code sigwaitinfo} and {@code sigtimedwait} (the
     * signal returned; {@code info}: the {@code siginfo_t} pointer, which must be null; {@code timeout}: the timespec,
     * -1 for none): a signal of the set at {@code set} (its first word, which Linux reads) arrives, the world's choice
     * among its members but {@code SIGKILL}, {@code SIGSTOP} and glibc's internal 32 and 33, recorded; with a timeout the
     * world may let it expire instead ({@code EAGAIN}); an empty set waits for ever.
     */
    record SignalWait(int set, int out, int info, int timeout) implements Semantics {}

    /**
     * A signal sent ({@code weft.exec.SignalSets#send}): {@code raise} (the calling thread; {@code pid} and
     * {@code thread} -1), {@code pthread_kill} (the thread handle at {@code thread}; an error number returned),
     * {@code kill} and {@code sigqueue} (the process at {@code pid}), {@code killpg} ({@code group}: the process group at
     * {@code pid}); the signal at {@code sig}. What it does to the program itself follows its disposition; another
     * process's answer is the world's.
     */
    record SignalSend(int pid, int sig, int thread, boolean group) implements Semantics {
        /** Whether a call may name another process (whose answer the world gives and a witness records). */
        public boolean process() {
            return pid >= 0;
        }
    }

    /**
     * {@code op} {@code pending} ({@code sigpending(set)}: no signal is pending, the world sends none that a thread
     * blocks until it waits; the set's first word written 0), {@code pause} ({@code pause()}, {@code sigsuspend(mask)}:
     * the thread waits for a signal's handler, which the world may never send: it waits for ever; a proof stops),
     * {@code stack} ({@code sigaltstack(ss, old)}: Linux's answer for the new stack at {@code set}, {@code old} null),
     * {@code interrupt} ({@code siginterrupt(sig, flag)}, {@code set} the signal: 0, or -1 {@code EINVAL} as sigaction).
     */
    record SignalState(String op, int set, int old) implements Semantics {}

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
     * answer, one IPv4 address, in the function's static {@code struct hostent} ({@code -1}: no such argument). With
     * {@code entry} (not -1) {@code gethostbyname_r}: the entry into the caller's struct at {@code entry}, its lists and
     * name into the buffer at {@code buf} of the size at {@code size}, {@code *result} (argument {@code result}) the
     * entry, 0 returned.
     */
    record ResolveHost(int name, int addr, int length, int family, int entry, int buf, int size, int result) implements Semantics {}

    /**
     * {@code freopen(path, mode, stream)}: the standard stream or stream of the run at {@code stream} closed and opened
     * again on the file at {@code path} with {@code mode}: a file of the world's, taken to open (an empty file, as
     * {@link OpenStream}'s; recorded 0), the same stream returned; its indicators cleared. A null path (a mode change)
     * stops the run.
     */
    record ReopenStream(int path, int mode, int stream) implements Semantics {}

    /**
     * {@code fopen(path, mode)}: whether the file opens is the world's answer (an input: first a new stream of an empty
     * file, then a failure, {@code ENOENT}); the path and mode strings are read. {@code tmpfile} ({@code path} -1): a new
     * empty file opened {@code "w+"}, whose reads stop the run (it gives back what was written). {@code process}:
     * {@code popen(command, mode)}, a stream to or from a command the world runs (it prints nothing, it reads what it
     * is given), or a failure ({@code EAGAIN}); a mode other than {@code "r"} or {@code "w"} (with {@code 'e'}) EINVAL.
     * With {@code fd} (not -1, {@code path} -1): {@code fdopen(fd, mode)}, a stream on a socket or file of the run (an
     * empty one, as {@code fopen}'s: the peer sent nothing more), or the world's failure; its {@code fclose} closes the
     * descriptor.
     */
    record OpenStream(int path, int mode, boolean process, int fd) implements Semantics {
        public OpenStream(int path, int mode, boolean process) {
            this(path, mode, process, -1);
        }
    }

    /**
     * {@code system(command)} ({@code command} the argument): the world's shell runs it, its wait status is an input
     * (exit 0, exit 1, exit 127: not found) or the call fails (-1, {@code EAGAIN}); of a null command 1 (a shell
     * exists). {@code exec}: {@code execv}, {@code execve}, {@code execvp}: the program is replaced (the run ends there,
     * a confirmation never rests on it) or the call fails (-1, an errno the world gives).
     */
    record RunCommand(int command, boolean exec) implements Semantics {}

    /**
     * {@code wait(status)}, {@code waitpid(pid, status, options)} ({@code options} -1: none): a run whose program
     * started no child has none to wait for: -1, {@code ECHILD} (a child of a stream {@code popen} opened stops the run).
     */
    record WaitChild(int options) implements Semantics {}

    /**
     * {@code fork()}, {@code vfork()} ({@code shared}: the child borrows the parent's memory, so a run never goes on in
     * it): where the run goes on, the world's choice (weft.exec.Processes).
     */
    record ForkProcess(boolean shared) implements Semantics {}

    /**
     * A read from the stream at argument {@code stream} (-1: the standard input; {@code fgetc}, {@code fgets},
     * {@code fread}; formatted: {@code fscanf}, {@code scanf}, the format at argument {@code format}, the pointers after
     * it or in the {@code va_list} at {@code vaList}): on a stream the run opened (an empty file) the end of the file at
     * once, returning {@code end} and writing nothing; the standard input's characters are the world's, chosen as they
     * are read; the contents of a file are inputs a proof does not enumerate (it stops there), as is any other stream.
     */
    record ReadStream(int stream, long end, int format, int vaList) implements Semantics {
        public ReadStream(int stream, long end) {
            this(stream, end, -1, -1);
        }

        /** A formatted read ({@code fscanf}): its format at argument {@code format}. */
        public boolean formatted() {
            return format >= 0;
        }
    }

    /**
     * {@code getline} and {@code getdelim} on the stream at argument {@code stream}: on a stream the run opened (an empty
     * file) the end at once, -1, after glibc gave {@code *lineptr} (argument {@code lineptr}) a new 120-byte block and
     * {@code *n} (argument {@code n}) 120 when {@code *lineptr} was null or {@code *n} 0; a proof stops, as for any read.
     */
    record ReadLine(int lineptr, int n, int stream) implements Semantics {}

    /**
     * {@code fclose(stream)} of a stream the run opened: 0. {@code process}: {@code pclose} of a stream {@code popen}
     * opened: the command's wait status, the world's (exit 0, exit 1), recorded.
     */
    record CloseStream(int stream, boolean process) implements Semantics {}


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
     * ({@code gethostname(buf, size)}), {@code cwd} ({@code getcwd(buf, size)}), {@code uname} ({@code uname(buf)}) or
     * {@code login} ({@code getlogin()}, {@code buf} -1: the static buffer; {@code getlogin_r(buf, size)}) or
     * {@code interface} ({@code if_indextoname(index, buf)}: the name of the network interface of that index).
     */
    record SystemName(String op, int buf, int size, int index) implements Semantics {}

    /**
     * {@code times(buf)}: the clock ticks since an arbitrary point and the process's user and system CPU ticks (its
     * children's 0), the world's answers, written as four {@code clock_t}s at {@code buf} (unless null).
     */
    record ProcessTimes(int buf) implements Semantics {}

    /**
     * A result the world decides, an input within {@code [lo, hi]} (in the table, {@code max} is an int's): what the
     * process's ids, the system's configuration... are is not the program's to know ({@code getpid}, {@code sysconf}).
     * When {@code optionArg} is not negative, only calls whose argument {@code optionArg} is {@code option} are
     * covered (e.g. {@code prctl(PR_SET_NAME, ..)}); others stop the execution. With {@code errno}, a result of -1 is
     * a failure that also sets errno, to an input in 1 to 133 (Linux's error numbers); {@code failure} is that result
     * when it is not -1 ({@code isatty}'s 0). {@code keep} says what the process keeps of the answer (audit D51; null:
     * nothing, each call the world's anew): {@code process} — the same answer to every call with the same integer
     * arguments ({@code getuid}, {@code sysconf(_SC_PAGESIZE)}); {@code pid}, {@code ppid}, {@code tid} — a process id
     * ({@code getpid}; {@code getppid}; {@code gettid}, per thread, the main thread's the process's), each the same
     * every time and different from the others; {@code clock:NAME} — a clock's reading, never below the last one
     * ({@code clock}).
     */
    record InputResult(long lo, long hi, int optionArg, long option, boolean errno, long failure, String keep) implements Semantics {
        public InputResult(long lo, long hi, int optionArg, long option, boolean errno) {
            this(lo, hi, optionArg, option, errno, -1, null);
        }
    }

    /**
     * {@code getpwnam} / {@code getgrnam} (the name at argument {@code name}), {@code getpwuid} / {@code getgrgid} (the id
     * at argument {@code id}; -1: none), of the group database when {@code group}: the world's entry, or none. With
     * {@code entry} (not -1) the reentrant forms ({@code getpwnam_r}...): the entry into the caller's struct at
     * {@code entry}, its strings into the buffer at {@code buf} of the size at {@code size}, {@code *result} (argument
     * {@code result}) the entry or null, 0 returned.
     */
    record AccountEntry(int name, int id, boolean group, int entry, int buf, int size, int result) implements Semantics {
        public AccountEntry(int name, int id, boolean group) {
            this(name, id, group, -1, -1, -1, -1);
        }

        /** {@code getpwent}, {@code getgrent}: the database's next entry, no name or id asked. */
        public boolean enumerates() {
            return name < 0 && id < 0;
        }

        /** How many values a witness records for a call whose first value is {@code first}. */
        public int recorded(long first) {
            return first != 0 ? 1 : 1 + (name >= 0 || enumerates() ? 1 : 0) + (group ? 0 : 1);
        }
    }

    /** {@code fileno}: the descriptor of the standard stream at argument {@code stream} (0, 1, 2); another stops the run. */
    record StreamDescriptor(int stream) implements Semantics {}

    /** {@code feof} (op {@code eof}), {@code ferror} ({@code error}), {@code clearerr} ({@code clear}) of a stream. */
    record StreamIndicator(int stream, String op) implements Semantics {
        public StreamIndicator {
            if (!java.util.Set.of("eof", "error", "clear").contains(op)) throw new IllegalArgumentException("stream-indicator op " + op);
        }
    }

    /**
     * {@code fseek}, {@code fseeko} ({@code whence} not -1: the origin argument, the offset before it) and {@code ftell},
     * {@code ftello} ({@code whence} -1) of a stream the run opened only for reading (the world's file is one whose
     * position stays 0, as the reproducer's {@code /dev/null}'s); {@code pos} not -1: {@code fgetpos} ({@code whence}
     * -1: position 0 and the initial state written into the {@code fpos_t} at {@code pos}) and {@code fsetpos}
     * ({@code whence} 0, a marker: the {@code fpos_t} at {@code pos} read; the position stays 0).
     */
    record StreamPosition(int stream, int whence, int pos) implements Semantics {}

    /** {@code setvbuf}, {@code setbuf}, {@code setlinebuf}: the buffering of a stream ({@code buf}, {@code mode}: -1 none). */
    record SetBuffering(int stream, int buf, int mode) implements Semantics {}

    /**
     * A unique name made from a template ending in six {@code X}s at {@code template}, the six letters the world's
     * (glibc's letters, recorded as a number): {@code op} {@code file} ({@code mkstemp}, {@code mkostemp}: the file
     * created and opened, a new descriptor of the run, or -1), {@code dir} ({@code mkdtemp}: the template, or null),
     * {@code name} ({@code mktemp}: the template); a template without the six X's EINVAL. {@code tmpnam}
     * ({@code op} {@code tmpnam}, {@code template} its buffer or null: the static buffer): {@code /tmp/file} and six
     * letters.
     */
    record TemporaryName(String op, int template) implements Semantics {}

    /**
     * {@code realpath(path, resolved)}: the world's file system has no symbolic links and its working directory is
     * {@code /}, so the path exists (its canonical form: {@code .} and {@code ..} and repeated slashes resolved, written
     * at {@code resolved}, or into a new heap block when that is null) or not (null and an errno), the world's choice.
     */
    record ResolvePath(int path, int resolved) implements Semantics {}

    /**
     * {@code open}: a new descriptor of the run or a failure, the world's ({@code weft.exec.WorldFiles}); with
     * {@code dir} (not -1) {@code openat}'s directory descriptor, which a relative path is taken from
     * ({@link #AT_FDCWD} or a file the run opened; another stops the run).
     */
    record WorldOpen(int path, int dir) implements Semantics {}

    /**
     * {@code setlogmask(mask)}: the priorities {@code syslog} passes from now on when {@code mask} is not 0, the mask
     * before returned (glibc's starts with every priority, 0xff).
     */
    record LogMask(int mask) implements Semantics {}

    /**
     * {@code statvfs(path, out)}, {@code fstatvfs(fd, out)} ({@code fd} not -1), and with {@code linux} the kernel's
     * {@code statfs}, {@code fstatfs}: the file system's numbers, the world's ({@code weft.exec.FileSystems}).
     */
    record FileSystemStatus(int path, int fd, int out, boolean linux) implements Semantics {}

    /**
     * A terminal's answers, the world's ({@code weft.exec.Terminals}): {@code ttyname}, {@code ptsname} ({@code op}
     * "name": the device's name in the function's static buffer, or null and {@code ENOTTY}), {@code ttyname_r},
     * {@code ptsname_r} ("name-into": into {@code buf} of the size at {@code size}, or an error number),
     * {@code tcgetattr} ("get": a terminal's settings into the {@code termios} at {@code termios}, or -1 and
     * {@code ENOTTY}), {@code tcsetattr} ("set": the settings at {@code termios} read, 0 or -1 and {@code ENOTTY}); the
     * descriptor at {@code fd}.
     */
    record Terminal(String op, int fd, int buf, int size, int termios) implements Semantics {}

    /** The name a terminal of the world's has: {@code ttyname}'s and {@code ptsname}'s answer (the reproducer's too). */
    String TERMINAL_NAME = "/dev/pts/0";

    /**
     * {@code pthread_getcpuclockid(thread, out)}: the CPU clock of the thread at argument {@code thread}, which glibc
     * computes from the thread's kernel id ({@code weft.exec.WorldKept}: the world's, kept), into {@code *out}.
     */
    record ThreadClock(int thread, int out) implements Semantics {}

    /** Linux's {@code AT_FDCWD}: the current directory as an {@code ...at} call's directory descriptor. */
    long AT_FDCWD = -100;

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
     * {@code sendfile(out, in, offset, count)}: bytes of a file of the run ({@code in}) written to the standard output
     * or a file or socket of the run ({@code out}): the world's count (all, part, 0 at the file's end) or -1 (an errno),
     * recorded; the offset at {@code offset} (unless null) read and moved past what was sent.
     */
    record WorldTransfer(int out, int in, int offset, int count) implements Semantics {}

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
     * {@code link} ({@code lstat}) a symbolic link among the kinds: the world's ({@code weft.exec.WorldFiles}). With
     * {@code version} (not -1) glibc's older entry points {@code __xstat}, {@code __lxstat}, {@code __fxstat} (what a
     * program preprocessed against glibc before 2.33 calls): the argument there is the layout's version, which must be
     * {@code _STAT_VER} of the program's data model (x86-64: 1, or 0, the kernel's, the same layout; i386: 3). With
     * {@code dir} (not -1) {@code fstatat}: the directory descriptor as {@link WorldOpen}'s, the flags at {@code atFlags}
     * 0 or {@code AT_SYMLINK_NOFOLLOW} (0x100: {@code lstat}'s answers); others stop the run.
     */
    record WorldStatus(int path, int fd, int out, boolean link, int version, int dir, int atFlags) implements Semantics {}

    /**
     * {@code mmap} of a file the run opened ({@code fd}), {@code length} bytes from {@code offset} 0 at an address of
     * the system's choice ({@code addr} null): the file's bytes are the world's (weft.exec.WorldFiles); other uses of
     * mmap stop the execution.
     */
    record WorldMap(int addr, int length, int prot, int flags, int fd, int offset) implements Semantics {}

    /** {@code munmap} of a whole mapping {@link WorldMap} made: returns 0; anything else stops the execution. */
    record WorldUnmap(int addr, int length) implements Semantics {}

    /**
     * {@code madvise(addr, length, advice)} of a mapping {@link WorldMap} made: advice that changes none of its bytes
     * (normal, random, sequential, will-need, don't-fork, do-fork, don't-dump, do-dump) returns 0; an address not at a
     * page's start EINVAL; other advice, and other memory, stops the execution.
     */
    record AdviseMemory(int addr, int length, int advice) implements Semantics {}

    /**
     * A network database's entry ({@code weft.exec.Databases}): {@code db} {@code service} ({@code getservbyname}: the
     * name at {@code name} and the protocol string at {@code proto}; {@code getservbyport}: the port at {@code number};
     * {@code getservent}), {@code protocol} ({@code getprotobyname}, {@code getprotobynumber}, {@code getprotoent}),
     * {@code network} ({@code getnetbyname}; {@code getnetbyaddr}: the number at {@code number}, the type at
     * {@code proto}; {@code getnetent}), {@code host} ({@code gethostent}): the world's entry or none, in the function's
     * static buffer ({@code -1}: no such argument; neither name nor number: the database's next entry).
     */
    record DatabaseEntry(String db, int name, int number, int proto) implements Semantics {
        /** How many values a witness records for a call whose first value is {@code first}: a found entry's chosen number. */
        public int recorded(long first) {
            return first == 0 && number < 0 && !db.equals("host") ? 2 : 1;
        }
    }

    /**
     * A function of OpenSSL's {@code libssl} and {@code libcrypto} ({@code weft.exec.OpenSsl}): the peer and the
     * certificate files are the world's, the library's bookkeeping is computed. {@code op} names the operation (the
     * table's {@code op=}): {@code init}, {@code method}, {@code new-context}, {@code free-context}, {@code control},
     * {@code set-options}, {@code clear-options}, {@code set-verify}, {@code setup} (a context's file or cipher
     * setting: 1 or 0, the world's), {@code new-connection}, {@code free-connection}, {@code set-fd}, {@code set-role},
     * {@code handshake}, {@code read}, {@code peek}, {@code write}, {@code shutdown}, {@code pending},
     * {@code get-error}, {@code clear-errors}, {@code next-error}, {@code peek-error}, {@code error-text},
     * {@code print-errors}. {@code object}: the argument holding the {@code SSL_CTX *} or {@code SSL *} (-1: none);
     * {@code value}: the integer argument the operation reads (the control command, its {@code larg} next; the options;
     * the verify mode, its callback next; the descriptor; {@code SSL_get_error}'s result argument; the error code);
     * {@code buf} and {@code count}: the bytes read or written and their number; {@code role}: {@code accept} or
     * {@code connect} for {@code set-role} and {@code handshake} (null: {@code SSL_do_handshake}, the role set before).
     */
    record OpenSsl(String op, int object, int value, int buf, int count, String role) implements Semantics {
        /** Whether the witness records the call's answer (the reproducer's wrapper gives it back). */
        public boolean world() {
            return switch (op) {
                case "init", "new-context", "setup", "new-connection", "set-fd", "handshake", "read", "peek", "write",
                     "shutdown", "pending", "get-error", "next-error", "peek-error" -> true;
                default -> false;
            };
        }

        /** How many values a witness records for a call whose first value is {@code first}. */
        public int recorded(long first) {
            if (op.equals("new-context")) return first == 0 ? 2 : 1;
            if (op.equals("read") || op.equals("peek")) return first > 0 ? 2 : 1;
            return 1;
        }
    }

    /**
     * {@code syscall(number, ...)}: the C library's function Linux's system call at argument {@code number} is
     * ({@link SystemCalls}), run as that function's semantics says with the arguments after the number.
     */
    record SystemCall(int number) implements Semantics {}

    /**
     * The locale objects: {@code op} {@code new} ({@code newlocale(mask, locale, base)}: the arguments at {@code mask},
     * {@code locale}, {@code base}), {@code use} ({@code uselocale}: the object at {@code locale}), {@code dup},
     * {@code free} (the object at {@code locale}).
     */
    record LocaleObject(String op, int mask, int locale, int base) implements Semantics {}

    /**
     * A thread's name: {@code set} ({@code pthread_setname_np(thread, name)}: the handle at {@code thread}, the name at
     * {@code name}), {@code get} ({@code pthread_getname_np(thread, buf, len)}: into the buffer at {@code name} of the
     * size at {@code len}).
     */
    record ThreadName(String op, int thread, int name, int len) implements Semantics {}

    /**
     * A thread's scheduling: {@code get} ({@code pthread_getschedparam(thread, policy, param)}: the outputs at
     * {@code policy} and {@code param}), {@code set} ({@code pthread_setschedparam(thread, policy, param)}: the policy
     * at {@code policy}, the {@code struct sched_param} at {@code param}), {@code prio}
     * ({@code pthread_setschedprio(thread, prio)}: the priority at {@code param}); the handle at {@code thread}.
     */
    record ThreadSchedule(String op, int thread, int policy, int param) implements Semantics {
        /** How many values a witness records for a call whose first value is {@code first}: a policy and priority got. */
        public int recorded(long first) {
            return op.equals("get") && first == 0 ? 3 : 1;
        }
    }

    /** {@code pthread_getaffinity_np(thread, size, set)}: the thread's CPUs, the world's (0 and the mask's first word). */
    record ThreadAffinity(int thread, int size, int set) implements Semantics {}

    /**
     * {@code pthread_getattr_np(thread, attr)}: the attributes the thread runs with, written into the object at
     * {@code attr} (its creation's, its scheduling and detached state now; its stack's size, and the main thread's
     * guard, the world's). A witness records the result, then on 0 the policy, priority, guard size and stack size.
     */
    record ThreadAttributes(int thread, int attr) implements Semantics {
        /** How many values a witness records for a call whose first value is {@code first}. */
        public int recorded(long first) {
            return first == 0 ? 5 : 1;
        }
    }
}
