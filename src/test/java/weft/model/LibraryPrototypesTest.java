package weft.model;

import org.eclipse.cdt.core.dom.ast.IASTDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTFunctionDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTSimpleDeclaration;
import org.eclipse.cdt.core.dom.ast.IArrayType;
import org.eclipse.cdt.core.dom.ast.IBinding;
import org.eclipse.cdt.core.dom.ast.ICompositeType;
import org.eclipse.cdt.core.dom.ast.IFunction;
import org.eclipse.cdt.core.dom.ast.IFunctionType;
import org.eclipse.cdt.core.dom.ast.IPointerType;
import org.eclipse.cdt.core.dom.ast.IQualifierType;
import org.eclipse.cdt.core.dom.ast.IType;
import org.eclipse.cdt.core.dom.ast.ITypedef;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import weft.frontend.CdtParser;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The library tables against the installed headers' prototypes: every pointer parameter of a modelled function is
 * something the model says the call does with it (reads or writes through it, stores a pointer through it, calls it
 * as a callback, or names it in its typed event: the lock, the thread, the freed block), or it is listed in
 * {@code unaccessed-parameters.tsv} with the reason the call does not touch the program's memory through it.
 *
 * <p>Audits D38 and D39 were rows that said {@code -} for functions whose pointer arguments the library reads
 * ({@code unlink}'s path) or frees ({@code freeaddrinfo}'s list): a racy program was proved race-free. This test
 * keeps such rows from coming back: a new row, or a row whose prototype gains a pointer, must say what the call
 * does with it. Parameters pointing to a type the headers leave incomplete ({@code DIR}, OpenSSL's {@code SSL}) are
 * the library's own objects: the program cannot access them but through the library, so no access of the program
 * conflicts with the call's; they need no entry. A stale entry (a parameter the model now covers, or that the
 * prototype does not have) fails too. Skips when the C compiler's headers are absent; functions without a
 * prototype in the headers parsed are counted, not checked.
 */
class LibraryPrototypesTest {
    /** The headers whose prototypes the tables model (a header missing on this machine only leaves its functions unchecked). */
    private static final List<String> HEADERS = List.of(
            "stdio.h", "stdlib.h", "string.h", "strings.h", "unistd.h", "fcntl.h", "sys/types.h", "sys/stat.h",
            "sys/socket.h", "sys/un.h", "netinet/in.h", "arpa/inet.h", "netdb.h", "pthread.h", "semaphore.h",
            "signal.h", "time.h", "sys/time.h", "sys/times.h", "sys/resource.h", "sys/wait.h", "sys/mman.h",
            "sys/select.h", "poll.h", "sys/epoll.h", "sys/eventfd.h", "sys/timerfd.h", "sys/signalfd.h",
            "sys/prctl.h", "sys/ioctl.h", "sys/uio.h", "sys/utsname.h", "sys/sysinfo.h", "sys/file.h",
            "sys/statvfs.h", "sys/sendfile.h", "sys/inotify.h", "sys/random.h", "sys/syscall.h", "locale.h",
            "langinfo.h", "ctype.h", "wctype.h", "wchar.h", "errno.h", "search.h", "dirent.h", "glob.h", "fnmatch.h",
            "regex.h", "ftw.h", "wordexp.h", "iconv.h", "pwd.h", "grp.h", "libgen.h", "math.h", "setjmp.h",
            "dlfcn.h", "link.h", "syslog.h", "termios.h", "getopt.h", "err.h", "error.h", "execinfo.h", "spawn.h",
            "sched.h", "threads.h", "inttypes.h", "utime.h", "ifaddrs.h", "net/if.h", "malloc.h", "alloca.h",
            "fenv.h", "monetary.h", "nl_types.h", "ucontext.h", "sys/shm.h", "sys/ipc.h", "sys/sem.h",
            "sys/msg.h", "pty.h", "utmp.h", "stdio_ext.h", "mntent.h", "sys/xattr.h", "sys/auxv.h", "sys/personality.h",
            "zlib.h", "openssl/ssl.h", "openssl/err.h", "openssl/evp.h", "openssl/rand.h", "openssl/crypto.h",
            "openssl/bio.h", "openssl/x509.h", "openssl/sha.h", "openssl/md5.h", "openssl/hmac.h", "openssl/pem.h",
            "openssl/conf.h", "openssl/engine.h", "openssl/dh.h", "openssl/rsa.h", "openssl/bn.h");

    /** Typedef names whose parameters are the library's objects the program reaches only through the library. */
    private static final Set<String> LIBRARY_OBJECT_TYPES = Set.of(
            "FILE", "DIR",          // streams and directory streams: the library's objects, used under its own locks
            "locale_t", "nl_catd",  // locale objects (newlocale) and message catalogues (catopen): made and read by the library
            "va_list", "__gnuc_va_list"); // a va_list is the call's own; what it stands for is the row's rvN/wvN

    private static final Set<LibcFacts.ParamKind> ARG_PARAMS = Set.of(LibcFacts.ParamKind.ARG, LibcFacts.ParamKind.INTO_ARG,
            LibcFacts.ParamKind.LOADED_ARG, LibcFacts.ParamKind.MEMBER_ARG);

    @TempDir
    Path dir;

    @Test
    void everyPointerParameterIsModelledOrExplained() throws Exception {
        Assumptions.assumeTrue(Files.isRegularFile(Path.of("/usr/include/stdio.h")), "no C library headers here");
        Map<String, IFunctionType> prototypes = prototypes();
        Map<String, String> explained = explained("/weft/model/unaccessed-parameters.tsv");
        List<String> problems = new ArrayList<>();
        Set<String> used = new TreeSet<>();
        int checked = 0, unprototyped = 0;
        for (LibraryModel m : LibraryModels.standard().all()) {
            IFunctionType type = prototypes.get(m.name());
            if (type == null) {
                unprototyped++;
                continue;
            }
            checked++;
            Set<Integer> covered = covered(m);
            IType[] params = type.getParameterTypes();
            for (int i = 0; i < params.length; i++) {
                String kind = pointerKind(params[i]);
                if (kind == null) continue;
                String key = m.name() + "\t" + i;
                boolean isExplained = explained.containsKey(key);
                if (isExplained) used.add(key);
                // execv's argv, getopt's: the library reads the strings the array points to, which a shallow rN does not say
                String missing = !covered.contains(i) ? "the model says nothing about it"
                        : stringArray(params[i]) && !deep(m, i) ? "the model reads the array of strings but not the strings" : null;
                if (missing != null && !isExplained) problems.add(m.name() + " parameter " + i + " (" + kind + " " + params[i] + "): " + missing);
                if (missing == null && isExplained) problems.add(m.name() + " parameter " + i + ": explained as unaccessed, but the model covers it");
            }
        }
        for (String key : explained.keySet()) {
            if (!used.contains(key) && prototypes.containsKey(key.substring(0, key.indexOf('\t'))))
                problems.add(key.replace('\t', ' ') + ": explained, but the prototype has no such pointer parameter");
        }
        List<String> gaps = used.stream().filter(k -> explained.get(k).startsWith("gap:")).map(k -> k.replace('\t', ' ')).toList();
        System.out.println("library prototypes: " + checked + " functions checked, " + unprototyped
                + " without a prototype in the headers parsed, " + (used.size() - gaps.size()) + " parameters explained, "
                + gaps.size() + " known gaps: " + gaps);
        assertTrue(checked > 500, "only " + checked + " modelled functions found in the headers");
        assertTrue(problems.isEmpty(), problems.size() + " problems:\n" + String.join("\n", problems));
    }

    /**
     * Functions that use a standard stream ({@code stdin}, {@code stdout}, {@code stderr}) without a {@code FILE *}
     * parameter: they read and write its buffer as the stream functions do ({@link #everyStreamCallFollowsTheStreamsBuffers}).
     */
    private static final Set<String> STANDARD_STREAM_USERS = Set.of(
            "printf", "vprintf", "__printf_chk", "__vprintf_chk", "scanf", "vscanf", "puts", "putchar", "getchar",
            "putchar_unlocked", "getchar_unlocked", "perror", "psignal", "herror", "err", "errx", "verr", "verrx",
            "warn", "warnx", "vwarn", "vwarnx", "error", "error_at_line",
            // program ends that write the streams out: exit flushes every stream, a failed assertion writes stderr
            "exit", "__assert_fail", "__assert_perror_fail", "__assert");

    /**
     * Audit D46: a buffer handed to a stream ({@code setvbuf}, {@code setbuf}, {@code fmemopen}, {@code open_memstream})
     * is read and written by the stream's later calls, in whatever thread makes them. The calls that hand one over
     * store it in the stream library's hidden state (group {@code streambuf}, which only holds pointers); every call
     * that takes a {@code FILE *} (or uses a standard stream, {@link #STANDARD_STREAM_USERS}) must read and write what
     * that state holds ({@code rw*s}), or a program's access to the buffer beside it is not seen. Which stream a call
     * uses does not matter to the model: any of them may have been given the buffer.
     */
    @Test
    void everyStreamCallFollowsTheStreamsBuffers() throws Exception {
        Assumptions.assumeTrue(Files.isRegularFile(Path.of("/usr/include/stdio.h")), "no C library headers here");
        Map<String, IFunctionType> prototypes = prototypes();
        List<String> problems = new ArrayList<>();
        int streams = 0;
        for (String n : STANDARD_STREAM_USERS) if (LibraryModels.standard().lookup(n).isEmpty()) problems.add(n + ": listed as a standard stream's user, not modelled");
        for (LibraryModel m : LibraryModels.standard().all()) {
            IFunctionType type = prototypes.get(m.name());
            boolean stream = STANDARD_STREAM_USERS.contains(m.name());
            if (type != null) for (IType p : type.getParameterTypes()) stream |= isStream(p);
            if (!stream) continue;
            streams++;
            LibcFacts f = m.facts();
            if (!f.stateTargets().read() || !f.stateTargets().write() || !f.allGroups().contains("streambuf")) {
                problems.add(m.name() + ": uses a stream, but does not read and write the buffers handed to streams (rw*s, streambuf:p)");
            }
        }
        System.out.println("stream buffers: " + streams + " functions use a stream");
        assertTrue(streams > 50, "only " + streams + " stream functions found");
        assertTrue(problems.isEmpty(), problems.size() + " problems:\n" + String.join("\n", problems));
    }

    /** Whether {@code t} is a {@code FILE *} (a pointer to {@code FILE}, glibc's {@code struct _IO_FILE}). */
    private static boolean isStream(IType t) {
        IType s = strip(t);
        if (!(s instanceof IPointerType p)) return false;
        for (IType u = p.getType(); ; ) {
            if (u instanceof ITypedef td && td.getName().equals("FILE")) return true;
            if (u instanceof ITypedef td) u = td.getType();
            else if (u instanceof IQualifierType q) u = q.getType();
            else return u instanceof ICompositeType c && c.getName().equals("_IO_FILE");
        }
    }

    /**
     * The access's kind: a pointer parameter to data the callee may change (not {@code const}) that the model covers
     * only by reads is listed in {@code read-only-parameters.tsv} with the reason the library does not write through it
     * ({@code epoll_ctl}'s event, {@code putenv}'s string). A write the model missed would pair no program write with
     * the call; a read-only row for {@code gettimeofday}'s zone was audit D40's. Typed events (locks, threads) are their
     * events' business; a stale entry fails.
     */
    @Test
    void everyWritableParameterTheModelOnlyReadsIsExplained() throws Exception {
        Assumptions.assumeTrue(Files.isRegularFile(Path.of("/usr/include/stdio.h")), "no C library headers here");
        Map<String, IFunctionType> prototypes = prototypes();
        Map<String, String> explained = explained("/weft/model/read-only-parameters.tsv");
        List<String> problems = new ArrayList<>();
        Set<String> used = new TreeSet<>();
        for (LibraryModel m : LibraryModels.standard().all()) {
            IFunctionType type = prototypes.get(m.name());
            if (type == null || !(m.event() instanceof Event.MemAccess || m.event() instanceof Event.Pure)) continue;
            Set<Integer> covered = covered(m);
            Set<Integer> written = written(m);
            IType[] params = type.getParameterTypes();
            for (int i = 0; i < params.length; i++) {
                if (!"data".equals(pointerKind(params[i])) || pointsToConst(params[i]) || !covered.contains(i) || written.contains(i)) continue;
                String key = m.name() + "\t" + i;
                if (explained.containsKey(key)) used.add(key);
                else problems.add(m.name() + " parameter " + i + " (" + params[i] + "): not const, but the model only reads it");
            }
        }
        for (String key : explained.keySet()) if (!used.contains(key)) problems.add(key.replace('\t', ' ') + ": explained as read only, but it is not (or not a parameter)");
        System.out.println("read-only parameters: " + used.size() + " explained");
        assertTrue(problems.isEmpty(), problems.size() + " problems:\n" + String.join("\n", problems));
    }

    /**
     * A function whose prototype returns a pointer to data has a model that says where it may point (the table's
     * {@code result} column, or a typed event that gives it: an allocation, {@code pthread_getspecific}): a result the
     * table calls {@code int} points nowhere for the pointer analysis, so an access through it would pair with nothing.
     * Functions returning the library's own objects ({@code FILE *}, {@code DIR *}) are left out.
     */
    @Test
    void everyPointerResultSaysWhereItPoints() throws Exception {
        Assumptions.assumeTrue(Files.isRegularFile(Path.of("/usr/include/stdio.h")), "no C library headers here");
        Map<String, IFunctionType> prototypes = prototypes();
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (LibraryModel m : LibraryModels.standard().all()) {
            IFunctionType type = prototypes.get(m.name());
            if (type == null || !(m.event() instanceof Event.MemAccess || m.event() instanceof Event.Pure)) continue;
            if (!"data".equals(pointerKind(type.getReturnType()))) continue;
            checked++;
            if (m.facts().result().isEmpty()) problems.add(m.name() + " returns " + type.getReturnType() + ", but its result column says int");
        }
        System.out.println("pointer results: " + checked + " checked");
        assertTrue(checked > 50, "only " + checked + " functions returning pointers found");
        assertTrue(problems.isEmpty(), problems.size() + " problems:\n" + String.join("\n", problems));
    }

    /** The parameters the model may write through: written, stored through or handed over, handed to a callback, a wv va_list. */
    private static Set<Integer> written(LibraryModel m) {
        Set<Integer> out = new TreeSet<>();
        if (m.event() instanceof Event.MemAccess a) {
            for (Event.MemArg x : a.args()) if (x.write()) out.add(x.ptrArg());
            if (a.varargsWrite()) out.add(a.vaList());
        }
        for (Event.MemArg x : m.alongside()) if (x.write()) out.add(x.ptrArg());
        handedOver(m.facts(), out);
        return out;
    }

    /**
     * The parameters the table's facts hand over: stored through, stored where later calls' models reach them
     * (setvbuf's buffer, zlib's window), called back or passed to a callback (qsort_r's context: the callback's body
     * accesses it), a mutex attribute given a kind.
     */
    private static void handedOver(LibcFacts f, Set<Integer> out) {
        for (LibcFacts.Store s : f.stores()) {
            out.add(s.throughArg());
            for (LibcFacts.Target t : s.value()) if (t.kind() == LibcFacts.Kind.ARG || t.kind() == LibcFacts.Kind.INTO_ARG) out.add(t.arg());
        }
        for (LibcFacts.Callback cb : f.callbacks()) {
            out.add(cb.fnArg());
            for (LibcFacts.Param p : cb.params()) if (ARG_PARAMS.contains(p.kind())) out.add(p.arg());
        }
        if (f.mutexAttr() != null) out.add(f.mutexAttr().attrArg());
    }

    /** Whether pointer (or array) parameter {@code t} points to {@code const} data. */
    private static boolean pointsToConst(IType t) {
        IType s = strip(t);
        IType target = s instanceof IPointerType p ? p.getType() : s instanceof IArrayType a ? a.getType() : null;
        for (IType u = target; u != null; u = u instanceof ITypedef td ? td.getType() : null) {
            if (u instanceof IQualifierType q) return q.isConst();
            if (u instanceof IPointerType cp) return cp.isConst();
            if (!(u instanceof ITypedef)) return false;
        }
        return false;
    }

    /** The parameters the model names: accessed, stored through, called back, or an argument of its typed event. */
    private static Set<Integer> covered(LibraryModel m) throws Exception {
        Set<Integer> out = new TreeSet<>();
        Event e = m.event();
        if (e instanceof Event.MemAccess a) {
            for (Event.MemArg x : a.args()) out.add(x.ptrArg());
            out.add(a.vaList());
            out.add(a.format());
        } else {
            for (RecordComponent c : e.getClass().getRecordComponents()) {
                if (c.getType() == int.class && c.getName().endsWith("Arg")) out.add((Integer) c.getAccessor().invoke(e));
            }
        }
        for (Event.MemArg x : m.alongside()) out.add(x.ptrArg());
        handedOver(m.facts(), out);
        return out;
    }

    /** Whether {@code t} is an array of strings the callee cannot change ({@code char *const argv[]}, {@code const char *const *}). */
    private static boolean stringArray(IType t) {
        IType s = strip(t);
        IType element = s instanceof IPointerType p ? p.getType() : s instanceof IArrayType a ? a.getType() : null;
        // CDT keeps a pointer's own const on the pointer type (char *const), a value's in a qualifier type
        if (!(element instanceof IQualifierType q && q.isConst()) && !(element instanceof IPointerType cp && cp.isConst())) return false;
        IType e = strip(element);
        return e instanceof IPointerType ep && strip(ep.getType()) instanceof org.eclipse.cdt.core.dom.ast.IBasicType b
                && b.getKind() == org.eclipse.cdt.core.dom.ast.IBasicType.Kind.eChar;
    }

    /** Whether the model reads argument {@code i} deep (r**i: the object and all it reaches), or calls back with it. */
    private static boolean deep(LibraryModel m, int i) {
        if (m.event() instanceof Event.MemAccess a) for (Event.MemArg x : a.args()) if (x.ptrArg() == i && x.deep()) return true;
        return false;
    }

    /** "data" or "function" for a pointer parameter the program's memory may be reached through, else null. */
    private static String pointerKind(IType t) {
        for (IType u = t; u instanceof ITypedef td; u = td.getType()) {
            if (LIBRARY_OBJECT_TYPES.contains(td.getName())) return null;
        }
        IType s = strip(t);
        IType target;
        if (s instanceof IPointerType p) target = p.getType();
        else if (s instanceof IArrayType a) target = a.getType();
        else return null;
        for (IType u = target; u instanceof ITypedef || u instanceof IQualifierType;
             u = u instanceof ITypedef td ? td.getType() : ((IQualifierType) u).getType()) {
            if (u instanceof ITypedef td && LIBRARY_OBJECT_TYPES.contains(td.getName())) return null;
        }
        IType pointee = strip(target);
        if (pointee instanceof IFunctionType) return "function";
        if (pointee instanceof ICompositeType c && c.getFields().length == 0) return null;
        return "data";
    }

    private static IType strip(IType t) {
        while (true) {
            if (t instanceof ITypedef td) t = td.getType();
            else if (t instanceof IQualifierType q) t = q.getType();
            else return t;
        }
    }

    private Map<String, IFunctionType> prototypes() throws Exception {
        StringBuilder src = new StringBuilder("#define _GNU_SOURCE 1\n#define _LARGEFILE64_SOURCE 1\n");
        for (String h : HEADERS) {
            if (installed(h)) {
                src.append("#include <").append(h).append(">\n");
            }
        }
        Path f = dir.resolve("headers.c");
        Files.writeString(f, src);
        CdtParser.Unit unit = new CdtParser(FrontendOptions.defaults(DataModel.LP64)).parse(f);
        Map<String, IFunctionType> out = new HashMap<>();
        for (IASTDeclaration d : unit.ast().getDeclarations()) {
            if (!(d instanceof IASTSimpleDeclaration sd)) continue;
            for (IASTDeclarator dd : sd.getDeclarators()) {
                if (!(dd instanceof IASTFunctionDeclarator)) continue;
                IBinding b = dd.getName().resolveBinding();
                if (b instanceof IFunction fn && fn.getType() != null) out.putIfAbsent(fn.getName(), fn.getType());
            }
        }
        return out;
    }

    /** Whether header {@code h} is in the C compiler's system directories ({@code /usr/include}, its multiarch directory). */
    private static boolean installed(String h) throws java.io.IOException {
        if (Files.isRegularFile(Path.of("/usr/include", h))) return true;
        try (var dirs = Files.list(Path.of("/usr/include"))) {
            return dirs.anyMatch(d -> d.getFileName().toString().endsWith("-linux-gnu") && Files.isRegularFile(d.resolve(h)));
        }
    }

    /** The entries of resource {@code table} (name, parameter, reason) by name and parameter. */
    private static Map<String, String> explained(String table) throws Exception {
        Map<String, String> out = new TreeMap<>();
        try (InputStream in = LibraryPrototypesTest.class.getResourceAsStream(table)) {
            if (in == null) return out;
            for (String line : new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines().toList()) {
                if (line.isBlank() || line.startsWith("#")) continue;
                String[] c = line.split("\t", 3);
                if (c.length != 3 || c[2].isBlank()) throw new IllegalArgumentException(table + ": name, parameter, reason: " + line);
                out.put(c[0] + "\t" + c[1], c[2]);
            }
        }
        return out;
    }
}
