package weft.exec;

import static weft.exec.Errno.*;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.IntConversions;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.List;

/**
 * String searches, appends, copies, character classes and dotted addresses as glibc computes them in the C locale
 * ({@link Semantics.FindString}, {@link Semantics.AppendString}, {@link Semantics.FindByte}, {@link Semantics.CharClass},
 * {@link Semantics.CaseMap}, {@link Semantics.CtypeTable}, {@link Semantics.ParseAddress}, {@link Semantics.DuplicateString}).
 *
 * <p>Soundness (proofs) and must-soundness (witnesses): each result is the one glibc computes from the bytes, which
 * must be known (an unknown byte stops the run, as in {@link LibraryFunctions}); undefined calls stop it (overlapping
 * {@code strcat}, a character argument outside -128..255). The locale is C: {@code setlocale} keeps it
 * ({@link Semantics.LocaleName}) and the reproducer runs with {@code LC_ALL=C}. Reads: the bytes the function must
 * examine to give its result are accesses; where glibc may read further within the string (strstr's haystack, memchr's
 * block reads stay within the {@code count} bytes) the rest of the string is accessed in proofs only
 * ({@link ByteAccess#asProofOnly}), so a proof accounts for every byte glibc may read and a witness only for those it
 * reads for certain. The ctype tables are read-only objects of the library (glibc's {@code C-ctype.c}): the class masks
 * of ASCII characters, 0 for -128..-1 and 128..255; the case maps identity but for letters, -128..-2 mapping to
 * 128..254 and -1 (EOF) to itself.
 */
final class StringFunctions {
    private StringFunctions() {
    }

    static boolean handles(Semantics s) {
        return s instanceof Semantics.FindString || s instanceof Semantics.AppendString || s instanceof Semantics.FindByte
                || s instanceof Semantics.CharClass || s instanceof Semantics.CaseMap || s instanceof Semantics.CtypeTable
                || s instanceof Semantics.ParseAddress || s instanceof Semantics.DuplicateString || s instanceof Semantics.Span
                || s instanceof Semantics.FindAny || s instanceof Semantics.FindBytes || s instanceof Semantics.CopyUntil
                || s instanceof Semantics.BoundedCopy;
    }

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                       Semantics sem, List<Value> args) {
        ExecState st = in.st;
        if (sem instanceof Semantics.FindString f) return in.finishCall(t, c, e, findString(st, lib, c, call, name, f, args), null);
        if (sem instanceof Semantics.AppendString a) return in.finishCall(t, c, e, append(st, lib, c, call, name, a, args), null);
        if (sem instanceof Semantics.BoundedCopy b) return in.finishCall(t, c, e, boundedCopy(st, lib, c, call, name, b, args), null);
        if (sem instanceof Semantics.FindByte f) return in.finishCall(t, c, e, findByte(st, lib, c, call, name, f, args), null);
        if (sem instanceof Semantics.FindBytes f) return in.finishCall(t, c, e, findBytes(st, lib, c, call, name, f, args), null);
        if (sem instanceof Semantics.CopyUntil u) return in.finishCall(t, c, e, copyUntil(st, lib, c, call, name, u, args), null);
        if (sem instanceof Semantics.CharClass k) {
            int ch = character(LibraryBehaviour.arg(args, k.arg()), name);
            return in.finishCall(t, c, e, Value.of(k.mask() == 0 ? (ch >= 0 && ch <= 127 ? 1 : 0) : classBits(ch) & k.mask()), null);
        }
        if (sem instanceof Semantics.CaseMap m) {
            int ch = character(LibraryBehaviour.arg(args, m.arg()), name);
            return in.finishCall(t, c, e, Value.of(caseMap(ch, m.upper())), null);
        }
        if (sem instanceof Semantics.CtypeTable tb) return in.finishCall(t, c, e, c.dry ? Value.ZERO : table(st, tb.table()), null);
        if (sem instanceof Semantics.ParseAddress p) return in.finishCall(t, c, e, parseAddress(st, lib, c, call, name, p, args), null);
        if (sem instanceof Semantics.DuplicateString d) return in.finishCall(t, c, e, duplicate(st, lib, t, c, call, name, d, args), null);
        if (sem instanceof Semantics.Span sp) {
            long n = span(st, lib, c, call, name, sp.s(), sp.set(), sp.reject(), args);
            return in.finishCall(t, c, e, Value.of(n), null);
        }
        if (sem instanceof Semantics.FindAny f) {
            Value.Ptr s = LibraryFunctions.ptr(LibraryBehaviour.arg(args, f.s()), name);
            long n = span(st, lib, c, call, name, f.s(), f.set(), true, args);
            return in.finishCall(t, c, e, at(st, s, n) == 0 ? Value.ZERO : s.at(s.off() + n), null);
        }
        throw new IllegalStateException(sem.toString());
    }

    // ------------------------------------------------------------------ the C locale's tables

    /** glibc's class mask of character {@code ch} (-128..255) in the C locale (0 outside ASCII). */
    static int classBits(int ch) {
        if (ch < 0 || ch > 127) return 0;
        boolean upper = ch >= 'A' && ch <= 'Z';
        boolean lower = ch >= 'a' && ch <= 'z';
        boolean digit = ch >= '0' && ch <= '9';
        boolean alpha = upper || lower;
        boolean xdigit = digit || ch >= 'a' && ch <= 'f' || ch >= 'A' && ch <= 'F';
        boolean space = ch == ' ' || ch >= '\t' && ch <= '\r';
        boolean print = ch >= 0x20 && ch <= 0x7e;
        boolean graph = ch >= 0x21 && ch <= 0x7e;
        boolean blank = ch == ' ' || ch == '\t';
        boolean cntrl = ch < 0x20 || ch == 0x7f;
        boolean punct = graph && !alpha && !digit;
        boolean[] bits = {upper, lower, alpha, digit, xdigit, space, print, graph, blank, cntrl, punct, alpha || digit};
        int mask = 0;
        for (int bit = 0; bit < bits.length; bit++) if (bits[bit]) mask |= bit < 8 ? (1 << bit) << 8 : (1 << bit) >> 8;
        return mask;
    }

    /** glibc's C-locale {@code tolower}/{@code toupper} table entry of {@code ch} (-128..255). */
    static int caseMap(int ch, boolean upper) {
        if (ch == -1) return -1;
        if (ch < 0) return ch + 256;
        if (upper && ch >= 'a' && ch <= 'z') return ch - 32;
        if (!upper && ch >= 'A' && ch <= 'Z') return ch + 32;
        return ch;
    }

    private static int character(Value v, String name) {
        if (!(v instanceof Value.Int i)) throw Abandon.unsupported(name + " of " + v);
        // the tables cover -128..255 (EOF and both signednesses of char); beyond them the call is undefined
        if (i.v() < -128 || i.v() > 255) throw Abandon.unsupported(name + " of " + i.v() + ", outside the table");
        return (int) i.v();
    }

    /**
     * The address of the pointer into table {@code which}: one read-only table and one read-only pointer per execution
     * (every thread's pointer is the same in the C locale; a program writing it stops at the read-only object).
     */
    private static Value.Ptr table(ExecState st, String which) {
        return st.libraryObject("<libc:ctype " + which + " pointer>", () -> {
            boolean cls = which.equals("class");
            int entry = cls ? 2 : 4;
            CType.Int type = cls ? new CType.Int("unsigned short", 2, 2, false) : IntConversions.INT;
            Block tb = st.mem.create("<libc:ctype " + which + " table>", Block.Kind.SPECIAL, 384L * entry, -1, weft.ir.SourceLoc.NONE);
            for (int ch = -128; ch < 256; ch++) {
                long v = cls ? classBits(ch) : caseMap(ch, which.equals("upper"));
                st.mem.write(tb.id, (long) (ch + 128) * entry, type, Value.of(v));
            }
            st.mem.get(tb.id).readOnly = true;
            CType.Pointer pt = new CType.Pointer(type, st.dm.pointerSize);
            Block p = st.mem.create("<libc:ctype " + which + " pointer>", Block.Kind.SPECIAL, st.dm.pointerSize, -1, weft.ir.SourceLoc.NONE);
            st.mem.write(p.id, 0, pt, new Value.Ptr(tb.id, 128L * entry));
            st.mem.get(p.id).readOnly = true;
            return p.id;
        });
    }

    // ------------------------------------------------------------------ strings

    /** The byte at {@code p + i} (known, or the run stops). */
    static int at(ExecState st, Value.Ptr p, long i) {
        return st.mem.readByte(p.obj(), p.off() + i);
    }

    /** The length of the string at {@code p}, at most {@code limit} (its bytes up to there must be known). */
    private static long strnlen(ExecState st, Value.Ptr p, long limit) {
        long n = 0;
        while (n < limit && at(st, p, n) != 0) n++;
        return n;
    }

    /**
     * {@code strspn} ({@code reject} false) / {@code strcspn}: the length of the longest prefix of the string at
     * argument {@code si} whose bytes are (are not) in the string at argument {@code seti}. Reads the whole set and
     * the prefix with the byte that ends it (what ThreadSanitizer's interceptors report); a proof also counts the rest
     * of the string up to its terminator, which glibc's word-at-a-time code may read.
     */
    private static long span(ExecState st, LibraryFunctions lib, Ctx c, Stmt.Call call, String name, int si, int seti, boolean reject,
                             List<Value> args) {
        Value.Ptr s = LibraryFunctions.ptr(LibraryBehaviour.arg(args, si), name);
        boolean[] in = byteSet(st, lib, c, call, name, LibraryBehaviour.arg(args, seti));
        long n = 0;
        for (int b; (b = at(st, s, n)) != 0 && in[b] != reject; ) n++;
        lib.access(c, s, n + 1, false, call, name);
        if (st.exhaustive && at(st, s, n) != 0) {
            long len = lib.strlen(s);
            lib.proofOnlyAccess(c, s.at(s.off() + n + 1), len - n, call, name);
        }
        return n;
    }

    /**
     * The bytes of the string {@code v} (a set for strspn, strcspn, strpbrk and the tokenisers, {@link Tokens}): all of
     * it read, its terminator included.
     */
    static boolean[] byteSet(ExecState st, LibraryFunctions lib, Ctx c, Stmt.Call call, String name, Value v) {
        Value.Ptr set = LibraryFunctions.ptr(v, name);
        long m = lib.strlen(set);
        boolean[] in = new boolean[256];
        for (long i = 0; i < m; i++) in[at(st, set, i)] = true;
        lib.access(c, set, m + 1, false, call, name);
        return in;
    }

    private static int fold(int b, boolean nocase) {
        return nocase ? caseMap(b, false) : b;
    }

    private static Value findString(ExecState st, LibraryFunctions lib, Ctx c, Stmt.Call call, String name, Semantics.FindString f, List<Value> args) {
        Value.Ptr h = LibraryFunctions.ptr(LibraryBehaviour.arg(args, f.haystack()), name);
        Value.Ptr n = LibraryFunctions.ptr(LibraryBehaviour.arg(args, f.needle()), name);
        long m = lib.strlen(n);
        long hl = lib.strlen(h);
        long found = -1;
        for (long i = 0; i + m <= hl && found < 0; i++) {
            long k = 0;
            while (k < m && fold(at(st, h, i + k), f.nocase()) == fold(at(st, n, k), f.nocase())) k++;
            if (k == m) found = i;
        }
        lib.access(c, n, m + 1, false, call, name);
        // certain: up to the end of the match, or the whole string without one; glibc may read on to the terminator
        long sure = found >= 0 ? found + m : hl + 1;
        lib.access(c, h, Math.max(1, sure), false, call, name);
        if (st.exhaustive && sure < hl + 1) lib.proofOnlyAccess(c, h.at(h.off() + sure), hl + 1 - sure, call, name);
        return found >= 0 ? h.at(h.off() + found) : Value.ZERO;
    }

    private static Value append(ExecState st, LibraryFunctions lib, Ctx c, Stmt.Call call, String name, Semantics.AppendString a, List<Value> args) {
        Value.Ptr d = LibraryFunctions.ptr(LibraryBehaviour.arg(args, a.dest()), name);
        Value.Ptr s = LibraryFunctions.ptr(LibraryBehaviour.arg(args, a.src()), name);
        long limit = a.count() < 0 ? Long.MAX_VALUE : LibraryFunctions.count(LibraryBehaviour.arg(args, a.count()));
        long dl = lib.strlen(d);
        // the source's bytes up to its terminator or the limit (strncat's source need not be terminated)
        long sl = strnlen(st, s, limit);
        boolean terminated = sl < limit;
        long written = sl + 1;
        if (d.obj() == s.obj() && d.off() < s.off() + sl + 1 && s.off() < d.off() + dl + written) {
            throw Abandon.unsupported("overlapping " + name);
        }
        lib.access(c, d, dl + 1, false, call, name);
        lib.access(c, s, terminated ? sl + 1 : sl, false, call, name);
        Value.Ptr end = d.at(d.off() + dl);
        lib.access(c, end, written, true, call, name);
        if (!c.dry) {
            if (sl > 0) st.mem.copy(d.obj(), d.off() + dl, s.obj(), s.off(), sl);
            st.mem.writeRaw(d.obj(), d.off() + dl + sl, 1, 0);
        }
        return d;
    }

    /**
     * {@code strlcpy}, {@code strlcat} as BSD defines them (and glibc from 2.38): the source read whole (its length is
     * the answer), {@code strlcat}'s destination up to its terminator or the size; as much of the source as fits with
     * a terminator written; a destination already filled to the size gets nothing. Overlapping strings stop the run.
     */
    private static Value boundedCopy(ExecState st, LibraryFunctions lib, Ctx c, Stmt.Call call, String name, Semantics.BoundedCopy b,
                                     List<Value> args) {
        Value.Ptr d = LibraryFunctions.ptr(LibraryBehaviour.arg(args, b.dest()), name);
        Value.Ptr s = LibraryFunctions.ptr(LibraryBehaviour.arg(args, b.src()), name);
        long size = LibraryFunctions.count(LibraryBehaviour.arg(args, b.size()));
        long sl = lib.strlen(s);
        lib.access(c, s, sl + 1, false, call, name);
        long dl = 0;
        if (b.append()) {
            dl = strnlen(st, d, size);
            lib.access(c, d, Math.min(dl + 1, size), false, call, name);
            if (dl == size) return Value.of(size + sl);
        }
        if (size == 0) return Value.of(sl);
        long k = Math.min(sl, size - dl - 1);
        if (d.obj() == s.obj() && d.off() + dl < s.off() + sl + 1 && s.off() < d.off() + dl + k + 1) throw Abandon.unsupported("overlapping " + name);
        Value.Ptr at = d.at(d.off() + dl);
        lib.access(c, at, k + 1, true, call, name);
        if (!c.dry) {
            if (k > 0) st.mem.copy(d.obj(), d.off() + dl, s.obj(), s.off(), k);
            st.mem.writeRaw(d.obj(), d.off() + dl + k, 1, 0);
        }
        return Value.of(dl + sl);
    }

    private static Value findByte(ExecState st, LibraryFunctions lib, Ctx c, Stmt.Call call, String name, Semantics.FindByte f, List<Value> args) {
        int want = unsignedChar(LibraryBehaviour.arg(args, f.ch()), name);
        if (f.count() < 0) {
            // rawmemchr: the byte is there (none within the object: the read past it stops the run)
            Value.Ptr s = LibraryFunctions.ptr(LibraryBehaviour.arg(args, f.s()), name);
            long i = 0;
            while (at(st, s, i) != want) i++;
            lib.access(c, s, i + 1, false, call, name);
            return s.at(s.off() + i);
        }
        long n = LibraryFunctions.count(LibraryBehaviour.arg(args, f.count()));
        if (n == 0) return Value.ZERO;
        Value.Ptr s = LibraryFunctions.ptr(LibraryBehaviour.arg(args, f.s()), name);
        long found = -1;
        if (f.last()) {
            // memrchr scans from the end: certain from the byte found on; a proof counts the bytes before it too
            for (long i = n - 1; i >= 0 && found < 0; i--) if (at(st, s, i) == want) found = i;
            long from = Math.max(found, 0);
            lib.access(c, s.at(s.off() + from), n - from, false, call, name);
            if (st.exhaustive && from > 0) lib.proofOnlyAccess(c, s, from, call, name);
        } else {
            for (long i = 0; i < n && found < 0; i++) if (at(st, s, i) == want) found = i;
            long sure = found >= 0 ? found + 1 : n;
            lib.access(c, s, sure, false, call, name);
            if (st.exhaustive && sure < n) lib.proofOnlyAccess(c, s.at(s.off() + sure), within(st, s, sure, n), call, name);
        }
        return found >= 0 ? s.at(s.off() + found) : Value.ZERO;
    }

    /**
     * How many of the bytes {@code from..n} at {@code s} lie within its object: a search stopped by a match reads
     * nothing past it in C (C11 7.24.5.1: memchr behaves as if it read the bytes in order and stopped at the match),
     * so a count larger than the object is defined then; what glibc's block reads may touch after the match is
     * counted by a proof only up to the object's end.
     */
    private static long within(ExecState st, Value.Ptr s, long from, long n) {
        return Math.max(0, Math.min(n, st.mem.get(s.obj()).size - s.off()) - from);
    }

    /** {@code (unsigned char) ch} of a character argument. */
    private static int unsignedChar(Value ch, String name) {
        if (!(ch instanceof Value.Int cv)) throw Abandon.unsupported(name + " character " + ch);
        return (int) (cv.v() & 0xff);
    }

    /**
     * memmem: certain are the needle's bytes and the haystack's up to the end of the match (all of them without one);
     * glibc's two-way search may read the rest of the haystack, which a proof counts. An empty needle matches at once,
     * a needle longer than the haystack nowhere (glibc reads neither then).
     */
    private static Value findBytes(ExecState st, LibraryFunctions lib, Ctx c, Stmt.Call call, String name, Semantics.FindBytes f, List<Value> args) {
        long hl = LibraryFunctions.count(LibraryBehaviour.arg(args, f.haystackLength()));
        long nl = LibraryFunctions.count(LibraryBehaviour.arg(args, f.needleLength()));
        Value h = LibraryBehaviour.arg(args, f.haystack());
        if (nl == 0) return h;
        if (hl < nl) return Value.ZERO;
        Value.Ptr hp = LibraryFunctions.ptr(h, name);
        Value.Ptr np = LibraryFunctions.ptr(LibraryBehaviour.arg(args, f.needle()), name);
        long found = -1;
        for (long i = 0; i + nl <= hl && found < 0; i++) {
            long k = 0;
            while (k < nl && at(st, hp, i + k) == at(st, np, k)) k++;
            if (k == nl) found = i;
        }
        lib.access(c, np, nl, false, call, name);
        long sure = found >= 0 ? found + nl : hl;
        lib.access(c, hp, sure, false, call, name);
        if (st.exhaustive && sure < hl) lib.proofOnlyAccess(c, hp.at(hp.off() + sure), hl - sure, call, name);
        return found >= 0 ? hp.at(hp.off() + found) : Value.ZERO;
    }

    /**
     * memccpy: the bytes up to and including the first {@code ch} (at most {@code count}) copied; glibc finds it with
     * memchr, which may read on to {@code count} bytes (counted by a proof). Overlapping copies stop the run.
     */
    private static Value copyUntil(ExecState st, LibraryFunctions lib, Ctx c, Stmt.Call call, String name, Semantics.CopyUntil u, List<Value> args) {
        long n = LibraryFunctions.count(LibraryBehaviour.arg(args, u.count()));
        if (n == 0) return Value.ZERO;
        Value.Ptr d = LibraryFunctions.ptr(LibraryBehaviour.arg(args, u.dest()), name);
        Value.Ptr s = LibraryFunctions.ptr(LibraryBehaviour.arg(args, u.src()), name);
        int want = unsignedChar(LibraryBehaviour.arg(args, u.ch()), name);
        long found = -1;
        for (long i = 0; i < n && found < 0; i++) if (at(st, s, i) == want) found = i;
        long k = found >= 0 ? found + 1 : n;
        if (d.obj() == s.obj() && d.off() < s.off() + k && s.off() < d.off() + k) throw Abandon.unsupported("overlapping " + name);
        lib.access(c, s, k, false, call, name);
        if (st.exhaustive && k < n) lib.proofOnlyAccess(c, s.at(s.off() + k), within(st, s, k, n), call, name);
        lib.access(c, d, k, true, call, name);
        if (!c.dry) st.mem.copy(d.obj(), d.off(), s.obj(), s.off(), k);
        return found >= 0 ? d.at(d.off() + k) : Value.ZERO;
    }

    private static Value duplicate(ExecState st, LibraryFunctions lib, ThreadState t, Ctx c, Stmt.Call call, String name,
                                   Semantics.DuplicateString d, List<Value> args) {
        Value.Ptr s = LibraryFunctions.ptr(LibraryBehaviour.arg(args, d.s()), name);
        long limit = d.count() < 0 ? Long.MAX_VALUE : LibraryFunctions.count(LibraryBehaviour.arg(args, d.count()));
        long n = strnlen(st, s, limit);
        lib.access(c, s, n < limit ? n + 1 : n, false, call, name);
        if (c.dry) return Value.ZERO;
        if (n + 1 > Memory.MAX_OBJECT) throw Abandon.unsupported(name + " of " + n + " bytes");
        Block o = st.mem.create("heap#" + (++st.heapCount), Block.Kind.HEAP, n + 1, t.index, call.loc());
        o.addressTaken = true;
        if (n > 0) st.mem.copy(o.id, 0, s.obj(), s.off(), n);
        st.mem.writeRaw(o.id, n, 1, 0);
        // the copy is the library's, not the program's (as realloc's: the block's first write is still to come)
        st.mem.get(o.id).written(false);
        return new Value.Ptr(o.id, 0);
    }

    // ------------------------------------------------------------------ inet_addr

    /** All ones: {@code INADDR_NONE}, inet_addr's answer for a string that is no address. */
    static final long NONE = 0xffffffffL;

    private static Value parseAddress(ExecState st, LibraryFunctions lib, Ctx c, Stmt.Call call, String name, Semantics.ParseAddress p, List<Value> args) {
        Value.Ptr s = LibraryFunctions.ptr(LibraryBehaviour.arg(args, p.s()), name);
        long v;
        if (p.family() >= 0) {
            if (!(LibraryBehaviour.arg(args, p.family()) instanceof Value.Int af)) throw Abandon.unsupported(name + " of an unknown family");
            if (af.v() == AF_INET6) throw Abandon.unsupported(name + " of an IPv6 address");
            if (af.v() != AF_INET) {
                if (!c.dry) st.setErrno(c.thread, EAFNOSUPPORT);
                return Value.of(-1);
            }
            // glibc's inet_pton4: strlen first, then exactly four decimal parts up to 255, no leading zeros
            long n = 0;
            while (at(st, s, n) != 0) n++;
            lib.access(c, s, n + 1, false, call, name);
            v = inetPton4(st, s, n);
        } else {
            long[] examined = {0};
            v = inetAton(i -> {
                examined[0] = Math.max(examined[0], i + 1);
                return at(st, s, i);
            });
            lib.access(c, s, examined[0], false, call, name);
            if (p.out() < 0) return Value.of(v < 0 ? NONE : v);
        }
        if (v < 0) return Value.ZERO;
        Value.Ptr out = LibraryFunctions.ptr(LibraryBehaviour.arg(args, p.out()), name);
        CType.Int u32 = new CType.Int("unsigned int", 4, 4, false);
        lib.access(c, out, 4, true, call, name);
        if (!c.dry) st.mem.write(out.obj(), out.off(), u32, Value.of(v));
        return Value.ONE;
    }

    private static final long AF_INET = 2, AF_INET6 = 10;

    /** glibc's {@code inet_pton4} of the {@code n} bytes at {@code s}: the address in network byte order, or -1. */
    private static long inetPton4(ExecState st, Value.Ptr s, long n) {
        int[] tmp = new int[4];
        int tp = 0, octets = 0;
        boolean sawDigit = false;
        for (long i = 0; i < n; i++) {
            int ch = at(st, s, i);
            if (ch >= '0' && ch <= '9') {
                int next = tmp[tp] * 10 + (ch - '0');
                if (sawDigit && tmp[tp] == 0) return -1;
                if (next > 255) return -1;
                tmp[tp] = next;
                if (!sawDigit) {
                    if (++octets > 4) return -1;
                    sawDigit = true;
                }
            } else if (ch == '.' && sawDigit) {
                if (octets == 4) return -1;
                tmp[++tp] = 0;
                sawDigit = false;
            } else {
                return -1;
            }
        }
        if (octets < 4) return -1;
        return (tmp[0] & 0xffL) | (tmp[1] & 0xffL) << 8 | (tmp[2] & 0xffL) << 16 | (tmp[3] & 0xffL) << 24;
    }

    /**
     * glibc's {@code inet_aton}: the address in network byte order (the bytes of the dotted parts in memory order, read
     * as a little-endian number) or -1 when the text is no address ({@code inet_addr} then gives {@link #NONE}). {@code bytes} gives the string's
     * byte {@code i} (the function reads them in order, stopping where glibc does).
     */
    static long inetAton(java.util.function.LongToIntFunction bytes) {
        long[] parts = new long[4];
        int np = 0;
        long i = 0;
        int ch = bytes.applyAsInt(i);
        long val;
        while (true) {
            // each part starts with a digit; strtoul with base 0 reads it (0x: hex, 0: octal)
            if (!(ch >= '0' && ch <= '9')) return -1;
            int base = 10;
            if (ch == '0') {
                int next = bytes.applyAsInt(i + 1);
                if ((next == 'x' || next == 'X') && hexDigit(bytes.applyAsInt(i + 2)) >= 0) {
                    base = 16;
                    i += 2;
                } else {
                    base = 8;
                }
            }
            java.math.BigInteger big = java.math.BigInteger.ZERO;
            while (true) {
                int d = hexDigit(bytes.applyAsInt(i));
                if (d < 0 || d >= base) break;
                big = big.multiply(java.math.BigInteger.valueOf(base)).add(java.math.BigInteger.valueOf(d));
                i++;
            }
            // a part past 32 bits is no address (ERANGE, or beyond in_addr_t)
            if (big.bitLength() > 32) return -1;
            val = big.longValue() & 0xffffffffL;
            ch = bytes.applyAsInt(i);
            if (ch != '.') break;
            if (np > 2 || val > 0xff) return -1;
            parts[np++] = val;
            i++;
            ch = bytes.applyAsInt(i);
        }
        if (ch != 0 && !(ch <= 127 && (classBits(ch) & 0x2000) != 0)) return -1;
        long[] max = {0xffffffffL, 0xffffffL, 0xffffL, 0xffL};
        if (val > max[np]) return -1;
        long host = val;
        for (int k = 0; k < np; k++) host |= parts[k] << (24 - 8 * k);
        return Long.reverseBytes(host) >>> 32;
    }

    private static int hexDigit(int ch) {
        if (ch >= '0' && ch <= '9') return ch - '0';
        if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
        if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
        return -1;
    }
}
