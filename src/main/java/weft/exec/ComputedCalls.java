package weft.exec;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.IntConversions;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.List;

/**
 * Library functions whose result is computed from their arguments alone: {@code div}, {@code ldiv}, {@code lldiv}
 * ({@link Semantics.Divide}: C's truncating division, the struct of quotient and remainder as the result),
 * {@code strxfrm} in the C locale ({@link Semantics.TransformString}) and, by the installed C library itself so that
 * the answer is glibc's to the bit ({@link Semantics.InstalledString}), {@code strverscmp}, {@code inet_network},
 * {@code fnmatch} and (the installed libcrypt) {@code crypt}; {@code a64l}, {@code l64a} ({@link Semantics.Radix64}),
 * {@code catgets} of a catalog that failed to open ({@link Semantics.CatalogMessage}), {@code cfmakeraw}
 * ({@link Semantics.RawTerminal}), {@code ecvt}, {@code fcvt}, {@code gcvt} by the installed glibc
 * ({@link Semantics.FloatDigits}). The strings read are the call's accesses (up to and including their terminators;
 * fnmatch's pattern and crypt's key and salt their first byte for sure, all for proofs), the texts written its writes.
 */
final class ComputedCalls {
    private ComputedCalls() {
    }

    static boolean handles(Semantics s) {
        return s instanceof Semantics.Divide || s instanceof Semantics.TransformString || s instanceof Semantics.InstalledString
                || s instanceof Semantics.Radix64 || s instanceof Semantics.CatalogMessage || s instanceof Semantics.RawTerminal
                || s instanceof Semantics.FloatDigits || s instanceof Semantics.CompilerAnswer || s instanceof Semantics.SymbolLookup
                || s instanceof Semantics.ObsoleteDes;
    }

    /**
     * gcc's answer where its optimisation level decides it ({@link Semantics.CompilerAnswer}): the reproducer's build
     * ({@code -O0}) answers {@code __builtin_constant_p} of no constant expression 0 and {@code __builtin_object_size}
     * of a pointer read from memory "unknown" ((size_t)-1 for types 0 and 1, 0 for 2 and 3); an optimising build may
     * answer otherwise, so a proof stops there. Of a declared object's address every gcc gives the bytes left in its
     * object (types 1 and 3: in the member array the pointer lies in).
     */
    private static boolean compilerAnswer(Interpreter in, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Semantics.CompilerAnswer a,
                                          List<Value> args) {
        ExecState st = in.st;
        if (a.op().equals("lowered")) throw Abandon.unsupported(name + " not lowered by the front end");
        boolean known = a.op().equals("object-size") && LibraryBehaviour.arg(args, a.known()) instanceof Value.Int k && k.v() == 1;
        if (!known && st.exhaustive) throw Abandon.unsupported(name + ": gcc's answer depends on its optimisation");
        if (a.op().equals("constant")) return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
        if (!(LibraryBehaviour.arg(args, a.type()) instanceof Value.Int type) || type.v() < 0 || type.v() > 3) {
            throw Abandon.unsupported(name + " of an unknown type");
        }
        CType.Int sizeT = st.sizeType();
        if (!known) return in.finishCall(t, c, e, Value.of(type.v() < 2 ? -1 : 0), sizeT);
        Value.Ptr p = LibraryFunctions.ptr(LibraryBehaviour.arg(args, a.p()), name);
        Block b = st.mem.get(p.obj());
        long end = (type.v() & 1) != 0 && p.bounded() ? p.hi() : b.size;
        return in.finishCall(t, c, e, Value.of(Math.max(0, end - p.off())), sizeT);
    }

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Semantics sem,
                       List<Value> args) {
        ExecState st = in.st;
        if (sem instanceof Semantics.CompilerAnswer a) return compilerAnswer(in, t, c, e, call, name, a, args);
        if (sem instanceof Semantics.Divide d) {
            if (!(LibraryBehaviour.arg(args, d.a()) instanceof Value.Int a) || !(LibraryBehaviour.arg(args, d.b()) instanceof Value.Int b)) {
                throw Abandon.unsupported(name + " of an unknown number");
            }
            int bytes = d.bytes() == 0 ? st.dm.longSize : d.bytes();
            long x = IntConversions.truncate(a.v(), bytes, true), y = IntConversions.truncate(b.v(), bytes, true);
            long min = bytes == 8 ? Long.MIN_VALUE : -(1L << (8 * bytes - 1));
            if (y == 0 || x == min && y == -1) throw Abandon.unsupported(name + ": undefined division");
            byte[] out = new byte[2 * bytes];
            long q = x / y, r = x % y;
            for (int i = 0; i < bytes; i++) {
                out[i] = (byte) (q >>> (8 * i));
                out[bytes + i] = (byte) (r >>> (8 * i));
            }
            return in.finishCall(t, c, e, new Value.Agg(out, new java.util.TreeMap<>(), null), call.result() == null ? null : call.result().type());
        }
        if (sem instanceof Semantics.TransformString x) {
            Value.Ptr src = LibraryFunctions.ptr(LibraryBehaviour.arg(args, x.src()), name);
            long n = lib.strlen(src);
            long count = LibraryFunctions.count(LibraryBehaviour.arg(args, x.count()));
            long copied = Math.min(n + 1, count);
            lib.access(c, src, n + 1, false, call, name);
            if (copied > 0) {
                Value.Ptr dest = LibraryFunctions.ptr(LibraryBehaviour.arg(args, x.dest()), name);
                lib.access(c, dest, copied, true, call, name);
                if (dest.obj() == src.obj() && dest.off() < src.off() + n + 1 && src.off() < dest.off() + copied) {
                    throw Abandon.unsupported(name + " between overlapping strings (undefined)");
                }
                if (!c.dry) st.mem.copy(dest.obj(), dest.off(), src.obj(), src.off(), copied);
            }
            return in.finishCall(t, c, e, Value.of(n), null);
        }
        if (sem instanceof Semantics.Radix64 r) return radix64(in, lib, t, c, e, call, name, r, args);
        if (sem instanceof Semantics.CatalogMessage cm) {
            Value catalog = LibraryBehaviour.arg(args, cm.catalog());
            if (!(catalog instanceof Value.Int k && k.v() == -1)) throw Abandon.unsupported(name + " of an open catalog (its messages are the world's)");
            return in.finishCall(t, c, e, LibraryBehaviour.arg(args, cm.message()), null);
        }
        if (sem instanceof Semantics.RawTerminal rt) return rawTerminal(in, lib, t, c, e, call, name, rt, args);
        if (sem instanceof Semantics.FloatDigits fd) return floatDigits(in, lib, t, c, e, call, name, fd, args);
        if (sem instanceof Semantics.SymbolLookup sl) return symbol(in, lib, t, c, e, call, name, sl, args);
        if (sem instanceof Semantics.ObsoleteDes d) return des(in, t, c, e, name, d, args);
        Semantics.InstalledString s = (Semantics.InstalledString) sem;
        if (s.op().equals("crypt")) return crypt(in, lib, t, c, e, call, name, s, args);
        weft.installed.CLibrary libc = weft.installed.CLibrary.installed().orElseThrow(() -> Abandon.unsupported(name + ": no installed C library"));
        Value.Ptr a = LibraryFunctions.ptr(LibraryBehaviour.arg(args, s.a()), name);
        byte[] first = s.op().equals("fnmatch") ? patternText(st, lib, c, call, name, a) : text(st, lib, c, call, name, a);
        switch (s.op()) {
            case "strverscmp" -> {
                byte[] second = text(st, lib, c, call, name, LibraryFunctions.ptr(LibraryBehaviour.arg(args, s.b()), name));
                int r = libc.versionCompare(first, second);
                return in.finishCall(t, c, e, Value.of(r), IntConversions.INT);
            }
            case "fnmatch" -> {
                // glibc (one byte per character) takes the string's length first, then reads the pattern as far as
                // the match needs: the string is read whole, the pattern's first byte for sure and all of it for proofs
                if (!(LibraryBehaviour.arg(args, s.flags()) instanceof Value.Int f)) throw Abandon.unsupported(name + " with unknown flags");
                byte[] second = text(st, lib, c, call, name, LibraryFunctions.ptr(LibraryBehaviour.arg(args, s.b()), name));
                return in.finishCall(t, c, e, Value.of(libc.match(first, second, (int) f.v())), IntConversions.INT);
            }
            case "inet_network" -> {
                return in.finishCall(t, c, e, Value.of(libc.networkNumber(first) & 0xffffffffL), null);
            }
            default -> throw Abandon.unsupported(name + ": installed operation " + s.op());
        }
    }

    /**
     * {@code dlsym}, {@code dlvsym} ({@link Semantics.SymbolLookup}) of {@code RTLD_DEFAULT} (null) or {@code RTLD_NEXT}
     * ((void *) -1) from the executable: the library function of that name, a pointer the program may call. The
     * scope {@code RTLD_DEFAULT} searches is the executable, then its libraries; {@code RTLD_NEXT}'s from the
     * executable is its libraries. So the answer is the C library's function only when the program defines no
     * function of that name (whether the executable exports its own is the build's: the run stops), the installed glibc
     * defines the symbol (of the version asked: its default one), and the library tables execute it as a computation:
     * a function of no typed event (locks, threads: the reproducer schedules those through wrappers a call through a
     * pointer would pass by) and whose results are not the world's (also wrapped). Anything else stops the run: a
     * handle from {@code dlopen} (which has no model), a name not in the tables (another library the program links may
     * define it), a symbol glibc lacks (its null and {@code dlerror}'s text would hold only if no other object defined
     * it). The name's bytes (and the version's) are read. The answer is the plain build's: a sanitizer's build (the
     * reproducer's) or a preloaded library interposes its own wrapper of the function, which dlsym answers instead
     * (dlvsym of a version still glibc's): the same computation at another address.
     */
    private static boolean symbol(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                  Semantics.SymbolLookup s, List<Value> args) {
        ExecState st = in.st;
        Value handle = LibraryBehaviour.arg(args, s.handle());
        long all = st.dm.pointerSize == 8 ? -1L : 0xffffffffL;
        if (!(handle instanceof Value.Int h) || h.v() != 0 && h.v() != all && h.v() != -1) {
            throw Abandon.unsupported(name + " of a handle other than RTLD_DEFAULT and RTLD_NEXT (dlopen has no model)");
        }
        String symbol = Formatter.knownString(st, lib, c, call, name, LibraryFunctions.ptr(LibraryBehaviour.arg(args, s.name()), name));
        String version = s.version() < 0 ? null
                : Formatter.knownString(st, lib, c, call, name, LibraryFunctions.ptr(LibraryBehaviour.arg(args, s.version()), name));
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        if (!symbol.matches("[A-Za-z_][A-Za-z0-9_]*") || version != null && !version.matches("[A-Za-z0-9_.]+")) {
            throw Abandon.unsupported(name + " of a name no C function has");
        }
        if (st.program.function(symbol) != null) throw Abandon.unsupported(name + " of " + symbol + ", a function of the program's (exported or not: the build's)");
        weft.model.LibraryModel m = st.program.models().lookup(symbol)
                .orElseThrow(() -> Abandon.unsupported(name + " of " + symbol + ", not a function of the library tables"));
        Semantics what = Semantics.of(symbol);
        if (!(m.event() instanceof weft.model.Event.MemAccess || m.event() instanceof weft.model.Event.Pure) || weft.model.WorldValues.worldAnswer(what)
                || what instanceof Semantics.Unknown || what instanceof Semantics.Unsupported) {
            throw Abandon.unsupported(name + " of " + symbol + ", which a call through a pointer would not run as the reproducer does");
        }
        weft.installed.CLibrary libc = weft.installed.CLibrary.installed().orElseThrow(() -> Abandon.unsupported(name + ": no installed C library"));
        if (!libc.defines(symbol, version)) throw Abandon.unsupported(name + " of " + symbol + ", which the installed C library does not define");
        return in.finishCall(t, c, e, new Value.Fn(symbol), null);
    }

    /** crypt by the installed libcrypt: the key and salt read, the text in the function's static buffer (or null). */
    private static boolean crypt(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                 Semantics.InstalledString s, List<Value> args) {
        ExecState st = in.st;
        weft.installed.Crypt crypt = weft.installed.Crypt.installed().orElseThrow(() -> Abandon.unsupported(name + ": no installed libcrypt"));
        // the key and the salt: their first bytes for sure (a method reads as far as it needs: DES 8 key bytes, a hash's
        // salt up to its '$'), all of them for proofs
        byte[] key = patternText(st, lib, c, call, name, LibraryFunctions.ptr(LibraryBehaviour.arg(args, s.a()), name));
        byte[] salt = patternText(st, lib, c, call, name, LibraryFunctions.ptr(LibraryBehaviour.arg(args, s.b()), name));
        String out = crypt.crypt(key, salt);
        if (out == null) return in.finishCall(t, c, e, Value.ZERO, null);
        Value.Ptr buf = LibraryBehaviour.staticBuffer(st, t, name, 0);
        byte[] b = (out + "\0").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        if (st.mem.get(buf.obj()).size < buf.off() + b.length) throw Abandon.unsupported(name + " of a text longer than its static buffer");
        lib.access(c, buf, b.length, true, call, name);
        if (!c.dry) st.mem.writeBytes(buf.obj(), buf.off(), b);
        return in.finishCall(t, c, e, buf, null);
    }

    /** The key {@code setkey} gave the library's DES, kept with the run's world (its 64 bytes, eight per entry). */
    private static final String DES_KEY = "des:key:";

    /**
     * {@code setkey(key)} and {@code encrypt(block, edflag)} ({@link Semantics.ObsoleteDes}): the library's DES on blocks
     * of 64 bytes, each a bit; the key {@code setkey} read (its 64 bytes, which must be known) is the library's hidden
     * state, kept with the run ({@link Sync#worldKept}), and {@code encrypt} computes as the installed libcrypt does with
     * that key ({@link weft.installed.Crypt#des}), writing the block back. {@code encrypt} before any {@code setkey}
     * stops the run. No access to the block or the key is recorded: libcrypt's, which ThreadSanitizer does not see either
     * (a race on them is never confirmed; the hidden state's is the table's). Proofs stop here (the key is not part of a
     * proof's state).
     */
    private static boolean des(Interpreter in, ThreadState t, Ctx c, Edge e, String name, Semantics.ObsoleteDes d, List<Value> args) {
        ExecState st = in.st;
        if (st.exhaustive) throw Abandon.unsupported(name + ": the library's DES key is hidden state a proof does not keep");
        Value.Ptr p = LibraryFunctions.ptr(LibraryBehaviour.arg(args, d.arg()), name);
        st.mem.check(p.obj(), p.off(), 64, d.op().equals("encrypt"));
        if (st.mem.get(p.obj()).anyUnknown(p.off(), 64)) throw Abandon.unsupported(name + " of bytes not known");
        byte[] bytes = st.mem.readBytes(p.obj(), p.off(), 64);
        if (d.op().equals("key")) {
            if (!c.dry) for (int i = 0; i < 8; i++) WorldKept.put(st, DES_KEY + i, java.nio.ByteBuffer.wrap(bytes, 8 * i, 8).getLong());
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        if (!st.sync.worldKept.containsKey(DES_KEY + 0)) throw Abandon.unsupported(name + " before setkey");
        if (!(LibraryBehaviour.arg(args, d.flag()) instanceof Value.Int flag)) throw Abandon.unsupported(name + " of an unknown direction");
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        java.nio.ByteBuffer key = java.nio.ByteBuffer.allocate(64);
        for (int i = 0; i < 8; i++) key.putLong(st.sync.worldKept.get(DES_KEY + i));
        weft.installed.Crypt crypt = weft.installed.Crypt.installed().orElseThrow(() -> Abandon.unsupported(name + ": no installed libcrypt"));
        byte[] out = crypt.des(key.array(), bytes, (int) flag.v());
        if (out == null) throw Abandon.unsupported(name + ": the installed libcrypt has no DES of glibc's interface");
        st.mem.writeBytes(p.obj(), p.off(), out);
        return in.finishCall(t, c, e, Value.ZERO, null);
    }

    /** a64l's and l64a's digits: glibc's radix-64 alphabet. */
    static final String RADIX64 = "./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

    private static boolean radix64(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                   Semantics.Radix64 r, List<Value> args) {
        ExecState st = in.st;
        if (!r.toText()) {
            // up to six digits; the byte that ends a shorter text (not a digit) is read too
            Value.Ptr p = LibraryFunctions.ptr(LibraryBehaviour.arg(args, r.arg()), name);
            long v = 0;
            int digits = 0;
            while (digits < 6) {
                int b = st.mem.readByte(p.obj(), p.off() + digits);
                int d = b == 0 ? -1 : RADIX64.indexOf(b);
                if (d < 0) break;
                v |= (long) d << (6 * digits);
                digits++;
            }
            lib.access(c, p, Math.min(digits + 1, 6), false, call, name);
            return in.finishCall(t, c, e, Value.of(v), null);
        }
        if (!(LibraryBehaviour.arg(args, r.arg()) instanceof Value.Int n)) throw Abandon.unsupported(name + " of an unknown number");
        long m = n.v() & 0xffffffffL;
        if (m == 0) return in.finishCall(t, c, e, st.staticString(""), null);
        StringBuilder text = new StringBuilder();
        for (; m != 0; m >>>= 6) text.append(RADIX64.charAt((int) (m & 0x3f)));
        Value.Ptr buf = LibraryBehaviour.staticBuffer(st, t, name, 0);
        lib.access(c, buf, text.length() + 1L, true, call, name);
        if (!c.dry) st.mem.writeBytes(buf.obj(), buf.off(), (text + "\0").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        return in.finishCall(t, c, e, buf, null);
    }

    /** ecvt's and fcvt's static buffers: glibc's MAXDIG for a double (fcvt goes to the heap past it). */
    private static final int DIGITS_BUFFER = 20;

    /** ecvt, fcvt, gcvt by the installed glibc: the digits into the static buffer (or gcvt's), the point and sign stored. */
    private static boolean floatDigits(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                       Semantics.FloatDigits fd, List<Value> args) {
        ExecState st = in.st;
        weft.installed.CLibrary libc = weft.installed.CLibrary.installed().orElseThrow(() -> Abandon.unsupported(name + ": no installed C library"));
        if (!(LibraryBehaviour.arg(args, fd.value()) instanceof Value.Flt v) || !(LibraryBehaviour.arg(args, fd.ndigit()) instanceof Value.Int nd)) {
            throw Abandon.unsupported(name + " of an unknown number");
        }
        if (nd.v() < 0 || nd.v() > 64) throw Abandon.unsupported(name + " of " + nd.v() + " digits");
        if (fd.op().equals("gcvt")) {
            byte[] text = (libc.general(v.v(), (int) nd.v()) + "\0").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
            Value.Ptr buf = LibraryFunctions.ptr(LibraryBehaviour.arg(args, fd.buf()), name);
            lib.access(c, buf, text.length, true, call, name);
            if (!c.dry) st.mem.writeBytes(buf.obj(), buf.off(), text);
            return in.finishCall(t, c, e, buf, null);
        }
        weft.installed.CLibrary.Digits d = libc.convert(v.v(), (int) nd.v(), fd.op().equals("fcvt"));
        if (d.text().length() + 1 > DIGITS_BUFFER) throw Abandon.unsupported(name + " of more digits than its static buffer holds");
        Value.Ptr point = LibraryFunctions.ptr(LibraryBehaviour.arg(args, fd.point()), name);
        Value.Ptr sign = LibraryFunctions.ptr(LibraryBehaviour.arg(args, fd.sign()), name);
        Value.Ptr buf = LibraryBehaviour.staticBuffer(st, t, name, 0);
        lib.access(c, point, 4, true, call, name);
        lib.access(c, sign, 4, true, call, name);
        lib.access(c, buf, d.text().length() + 1L, true, call, name);
        if (!c.dry) {
            st.mem.writeRaw(point.obj(), point.off(), 4, d.point());
            st.mem.writeRaw(sign.obj(), sign.off(), 4, d.sign());
            st.mem.writeBytes(buf.obj(), buf.off(), (d.text() + "\0").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        }
        return in.finishCall(t, c, e, buf, null);
    }

    /** x86-64 Linux's struct termios: the four flag words, then c_line, then c_cc (VTIME 5, VMIN 6). */
    private static final int IFLAG = 0, OFLAG = 4, CFLAG = 8, LFLAG = 12, CC = 17, VTIME = 5, VMIN = 6;

    /** cfmakeraw: glibc's bits cleared and set; the flag words read and written, VMIN and VTIME written. */
    private static boolean rawTerminal(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                       Semantics.RawTerminal rt, List<Value> args) {
        ExecState st = in.st;
        Value.Ptr p = LibraryFunctions.ptr(LibraryBehaviour.arg(args, rt.termios()), name);
        lib.access(c, p, 16, false, call, name);
        lib.access(c, p, 16, true, call, name);
        lib.access(c, p.at(p.off() + CC + VTIME), 2, true, call, name);
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        long iflag = st.mem.readRaw(p.obj(), p.off() + IFLAG, 4), oflag = st.mem.readRaw(p.obj(), p.off() + OFLAG, 4);
        long cflag = st.mem.readRaw(p.obj(), p.off() + CFLAG, 4), lflag = st.mem.readRaw(p.obj(), p.off() + LFLAG, 4);
        iflag &= ~(01L | 02 | 010 | 040 | 0100 | 0200 | 0400 | 02000);   // IGNBRK BRKINT PARMRK ISTRIP INLCR IGNCR ICRNL IXON
        oflag &= ~01L;                                                    // OPOST
        lflag &= ~(010L | 0100 | 02 | 01 | 0100000);                      // ECHO ECHONL ICANON ISIG IEXTEN
        cflag = (cflag & ~(060L | 0400)) | 060;                           // CSIZE PARENB cleared, CS8
        st.mem.writeRaw(p.obj(), p.off() + IFLAG, 4, iflag);
        st.mem.writeRaw(p.obj(), p.off() + OFLAG, 4, oflag);
        st.mem.writeRaw(p.obj(), p.off() + CFLAG, 4, cflag);
        st.mem.writeRaw(p.obj(), p.off() + LFLAG, 4, lflag);
        st.mem.writeRaw(p.obj(), p.off() + CC + VMIN, 1, 1);
        st.mem.writeRaw(p.obj(), p.off() + CC + VTIME, 1, 0);
        return in.finishCall(t, c, e, Value.ZERO, null);
    }

    /** A string read as far as the call needs: its first byte for sure, all of it for proofs (fnmatch's pattern, crypt's key and salt). */
    private static byte[] patternText(ExecState st, LibraryFunctions lib, Ctx c, Stmt.Call call, String name, Value.Ptr p) {
        long n = lib.strlen(p);
        lib.access(c, p, 1, false, call, name);
        lib.proofOnlyAccess(c, p, n + 1, call, name);
        return st.mem.readBytes(p.obj(), p.off(), (int) n);
    }

    /** The string at {@code p}, read whole (its terminator included) as the call's access. */
    private static byte[] text(ExecState st, LibraryFunctions lib, Ctx c, Stmt.Call call, String name, Value.Ptr p) {
        long n = lib.strlen(p);
        lib.access(c, p, n + 1, false, call, name);
        return st.mem.readBytes(p.obj(), p.off(), (int) n);
    }
}
