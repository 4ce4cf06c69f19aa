package weft.exec;

import weft.exec.state.*;
import weft.ir.Edge;
import weft.ir.Stmt;
import weft.model.Event;
import weft.model.Semantics;

import java.util.List;

/**
 * OpenSSL's functions ({@link Semantics.OpenSsl}) as OpenSSL 3 runs them, with the peer, the certificate files and the
 * library's initialisation as the world's. What the world decides is an input the search chooses and records under
 * the function's name, which the reproducer's wrappers give back: whether {@code OPENSSL_init_ssl}, {@code SSL_CTX_new},
 * {@code SSL_new}, {@code SSL_set_fd} and a context's file and cipher settings succeed (1 or 0, null for the objects);
 * a new context's options (OpenSSL 3's default, {@code SSL_OP_NO_COMPRESSION | SSL_OP_ENABLE_MIDDLEBOX_COMPAT},
 * recorded after its 0: the reproducer sets the real context's options to them); a handshake's result (1, 0, -1); how
 * many bytes {@code SSL_read} gives (all asked, part, 0 at the end, -1) and their value (one byte repeated, as
 * {@code read}'s); {@code SSL_write}'s (all, part only in {@code SSL_MODE_ENABLE_PARTIAL_WRITE}, 0, -1); a shutdown's
 * (1, 0, -1 once the handshake is done; -1 before it, OpenSSL's only answer then); {@code SSL_get_error}'s for a result
 * not above 0 and the codes the error queue holds.
 *
 * <p>What OpenSSL computes is computed: a context keeps its options ({@code SSL_CTX_set_options} and
 * {@code SSL_CTX_clear_options} return them), mode, session cache mode and protocol bounds ({@code SSL_CTX_ctrl}'s
 * {@code MODE}, {@code CLEAR_MODE}, {@code SET/GET_SESS_CACHE_MODE}, {@code SET/GET_MIN/MAX_PROTO_VERSION}: another
 * command stops the run), verification mode and whether it has a verification callback; {@code SSL_new} copies the
 * options, mode and callback into the connection, which keeps its descriptor, role, whether its handshake is done and
 * the bytes {@code SSL_peek} looked at (the next read gives them, {@code SSL_pending} counts them). Both live in the
 * object this class makes ({@link #SIZE} bytes, named {@link #CONTEXT} or {@link #CONNECTION}), which the program
 * cannot read (the types are opaque). Each thread's error queue ({@link ThreadState#tlsErrors}) is empty at first and
 * after {@code ERR_clear_error} or a 0 from {@code ERR_get_error}, unknown after any failure, and its front known once
 * {@code ERR_peek_error} or {@code SSL_get_error} said what it is; {@code SSL_get_error} answers as OpenSSL's does
 * (the queue first: a system error {@code SSL_ERROR_SYSCALL}, another {@code SSL_ERROR_SSL}; with an empty queue
 * {@code SSL_ERROR_SYSCALL} or {@code SSL_ERROR_ZERO_RETURN}, and {@code SSL_ERROR_WANT_READ}/{@code WANT_WRITE} only
 * on a descriptor the run made non-blocking). {@code ERR_error_string_n} writes the installed libcrypto's text
 * ({@link weft.installed.CryptoErrors}; without one the run stops).
 *
 * <p>Accesses: each call reads or writes the first byte of the context or connection it is given, as its table row
 * says ({@code r0}, {@code rw0}: a thread using a connection another thread uses races inside OpenSSL, and the
 * reproducer's wrappers make the same one-byte access on the real object for ThreadSanitizer); {@code SSL_write} reads
 * the bytes it sends, {@code ERR_error_string_n} writes its text; {@code SSL_read}'s bytes are the world's answer,
 * written as {@code read}'s are ({@link WorldFiles}).
 *
 * <p>Must-soundness: every answer chosen is one OpenSSL 3 gives for some peer, file system and allocator, and every
 * computed one is the library's (the corpus programs check them against the installed library); the search records
 * each choice and the reproducer replays it. Calls the model cannot follow stop the run: a handshake, read or write
 * of a connection whose context had a verification callback (OpenSSL would call it), a connection without a
 * descriptor or role, counts not above 0, objects the run did not make. A proof stops at every call: the answers are
 * the world's.
 */
final class OpenSsl {
    private OpenSsl() {
    }

    /** {@link ThreadState#tlsErrors}: the queue is empty; nothing is known of it. */
    static final long QUEUE_EMPTY = 0, QUEUE_UNKNOWN = -1;
    /** The codes the world's failures put on the queue: SSL's "wrong version number", a system error (ECONNRESET). */
    static final long SSL_CODE = 0x0A00010BL, SYSTEM_CODE = 0x80000068L;
    /** OpenSSL 3's flag of a system error's code. */
    private static final long SYSTEM_FLAG = 0x80000000L;
    /** {@code SSL_get_error}'s answers. */
    private static final long ERROR_SSL = 1, WANT_READ = 2, WANT_WRITE = 3, SYSCALL = 5, ZERO_RETURN = 6;
    /** A new context's options, mode ({@code SSL_MODE_AUTO_RETRY}) and session cache mode ({@code SSL_SESS_CACHE_SERVER}). */
    static final long DEFAULT_OPTIONS = 0x120000L, DEFAULT_MODE = 4, DEFAULT_CACHE = 2;
    private static final long PARTIAL_WRITE = 1;
    /** {@code SSL_CTX_ctrl}'s commands the model runs. */
    private static final long MODE = 33, SET_CACHE = 44, GET_CACHE = 45, CLEAR_MODE = 78, SET_MIN = 123, SET_MAX = 124,
            GET_MIN = 130, GET_MAX = 131;
    /** The objects' names (prefixes) and size. */
    static final String CONTEXT = "SSL_CTX#", CONNECTION = "SSL#";
    static final long SIZE = 64;
    /** Both objects: the options, the mode, whether a verification callback is set (a byte). */
    private static final long OPTIONS = 0, MODE_AT = 8, CALLBACK = 24;
    /** A context: the session cache mode, the verification mode, the protocol bounds. */
    private static final long CACHE = 16, VERIFY = 28, MIN = 32, MAX = 40;
    /** A connection: its descriptor plus one (0: none), role (1 accept, 2 connect), handshake done, bytes peeked and their value. */
    private static final long FD = 16, ROLE = 20, DONE = 28, PEEKED = 32, PEEKED_BYTE = 40;

    /** The operations whose object argument is an {@code SSL_CTX} (the others' is an {@code SSL}). */
    private static final java.util.Set<String> ON_CONTEXT = java.util.Set.of("free-context", "control", "set-options", "clear-options",
            "set-verify", "setup", "new-connection");

    static boolean handles(Semantics s) {
        return s instanceof Semantics.OpenSsl;
    }

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                       Semantics sem, Event event, List<Value> args) {
        ExecState st = in.st;
        Semantics.OpenSsl o = (Semantics.OpenSsl) sem;
        if (st.exhaustive) throw Abandon.unsupported(name + ": OpenSSL's answers are the world's");
        if (st.speculating) throw Abandon.unsupported(name + " in an atomic section");
        Value.Ptr obj = null;
        if (o.object() >= 0 && !(LibraryBehaviour.arg(args, o.object()) instanceof Value.Int z && z.v() == 0)) {
            obj = own(st, LibraryBehaviour.arg(args, o.object()), ON_CONTEXT.contains(o.op()) ? CONTEXT : CONNECTION, name);
        } else if (o.object() >= 0 && !o.op().startsWith("free")) {
            throw Abandon.unsupported(name + " of a null object");
        }
        // the calls' accesses: the object's first byte and the strings the row names; SSL_read's and SSL_write's below
        boolean bytes = o.op().equals("read") || o.op().equals("peek") || o.op().equals("write") || o.op().equals("error-text");
        if (!bytes && event instanceof Event.MemAccess m) lib.attributeAccesses(c, call, m, args, name);
        return switch (o.op()) {
            case "init" -> {
                if (c.dry) yield in.finishCall(t, c, e, Value.ZERO, null);
                yield in.finishCall(t, c, e, Value.of(succeeds(st, t, call, name)), null);
            }
            case "method" -> {
                if (c.dry) yield in.finishCall(t, c, e, Value.ZERO, null);
                // the library's read-only method table, one per function
                yield in.finishCall(t, c, e, st.libraryObject("<" + name + ">", () -> {
                    Block b = st.mem.create("<" + name + ">", Block.Kind.SPECIAL, SIZE, -1, weft.ir.SourceLoc.NONE);
                    b.readOnly = true;
                    return b.id;
                }), null);
            }
            case "new-context", "new-connection" -> {
                if (c.dry) yield in.finishCall(t, c, e, Value.ZERO, null);
                if (st.chooseAmong(new long[] {0, 1}, name, call.loc()) != 0) {
                    t.tlsErrors = QUEUE_UNKNOWN;
                    yield in.finishCall(t, c, e, Value.ZERO, null);
                }
                boolean context = o.op().equals("new-context");
                Block b = st.mem.create((context ? CONTEXT : CONNECTION) + (++st.heapCount), Block.Kind.HEAP, SIZE, t.index, call.loc());
                b.addressTaken = true;
                st.mem.writeBytes(b.id, 0, new byte[(int) SIZE]);
                if (context) {
                    st.mem.writeRaw(b.id, OPTIONS, 8, st.chooseAmong(new long[] {DEFAULT_OPTIONS}, name, call.loc()));
                    st.mem.writeRaw(b.id, MODE_AT, 8, DEFAULT_MODE);
                    st.mem.writeRaw(b.id, CACHE, 8, DEFAULT_CACHE);
                } else {
                    for (long at : new long[] {OPTIONS, MODE_AT}) st.mem.writeRaw(b.id, at, 8, st.mem.readRaw(obj.obj(), at, 8));
                    st.mem.writeRaw(b.id, CALLBACK, 1, st.mem.readRaw(obj.obj(), CALLBACK, 1));
                }
                yield in.finishCall(t, c, e, new Value.Ptr(b.id, 0), null);
            }
            case "free-context", "free-connection" -> {
                if (obj != null && !c.dry) st.mem.kill(obj.obj());
                yield in.finishCall(t, c, e, Value.ZERO, null);
            }
            case "control" -> control(in, t, c, e, name, o, obj, args);
            case "set-options", "clear-options" -> {
                long v = integer(args, o.value(), name);
                if (c.dry) yield in.finishCall(t, c, e, Value.ZERO, null);
                long now = st.mem.readRaw(obj.obj(), OPTIONS, 8);
                now = o.op().equals("set-options") ? now | v : now & ~v;
                st.mem.writeRaw(obj.obj(), OPTIONS, 8, now);
                yield in.finishCall(t, c, e, Value.of(now), null);
            }
            case "set-verify" -> {
                long mode = integer(args, o.value(), name);
                boolean callback = !(LibraryBehaviour.arg(args, o.value() + 1) instanceof Value.Int z && z.v() == 0);
                if (!c.dry) {
                    st.mem.writeRaw(obj.obj(), VERIFY, 4, mode);
                    st.mem.writeRaw(obj.obj(), CALLBACK, 1, callback ? 1 : 0);
                }
                yield in.finishCall(t, c, e, Value.ZERO, null);
            }
            case "setup" -> {
                if (c.dry) yield in.finishCall(t, c, e, Value.ZERO, null);
                yield in.finishCall(t, c, e, Value.of(succeeds(st, t, call, name)), null);
            }
            case "set-fd" -> {
                long fd = integer(args, o.value(), name);
                if (c.dry) yield in.finishCall(t, c, e, Value.ZERO, null);
                long ok = succeeds(st, t, call, name);
                if (ok == 1) st.mem.writeRaw(obj.obj(), FD, 4, fd + 1);
                yield in.finishCall(t, c, e, Value.of(ok), null);
            }
            case "set-role" -> {
                if (!c.dry) {
                    st.mem.writeRaw(obj.obj(), ROLE, 4, o.role().equals("accept") ? 1 : 2);
                    st.mem.writeRaw(obj.obj(), DONE, 4, 0);
                }
                yield in.finishCall(t, c, e, Value.ZERO, null);
            }
            case "handshake" -> {
                if (o.role() == null && st.mem.readRaw(obj.obj(), ROLE, 4) == 0) throw Abandon.unsupported(name + " of a connection without a role");
                connected(st, obj, name);
                if (c.dry) yield in.finishCall(t, c, e, Value.ZERO, null);
                if (o.role() != null && st.mem.readRaw(obj.obj(), ROLE, 4) != (o.role().equals("accept") ? 1 : 2)) {
                    st.mem.writeRaw(obj.obj(), ROLE, 4, o.role().equals("accept") ? 1 : 2);
                    st.mem.writeRaw(obj.obj(), DONE, 4, 0);
                }
                boolean done = st.mem.readRaw(obj.obj(), DONE, 4) != 0;
                long r = st.chooseAmong(done ? new long[] {1} : new long[] {1, 0, -1}, name, call.loc());
                if (r == 1) st.mem.writeRaw(obj.obj(), DONE, 4, 1);
                else t.tlsErrors = QUEUE_UNKNOWN;
                yield in.finishCall(t, c, e, Value.of(r), null);
            }
            case "read", "peek" -> read(in, lib, t, c, e, call, name, o, obj, args);
            case "write" -> write(in, lib, t, c, e, call, name, o, obj, args);
            case "shutdown" -> {
                connected(st, obj, name);
                if (c.dry) yield in.finishCall(t, c, e, Value.ZERO, null);
                boolean done = st.mem.readRaw(obj.obj(), DONE, 4) != 0;
                long r = st.chooseAmong(done ? new long[] {1, 0, -1} : new long[] {-1}, name, call.loc());
                if (r == -1) t.tlsErrors = QUEUE_UNKNOWN;
                yield in.finishCall(t, c, e, Value.of(r), null);
            }
            case "pending" -> {
                if (c.dry) yield in.finishCall(t, c, e, Value.ZERO, null);
                yield in.finishCall(t, c, e, Value.of(st.chooseAmong(new long[] {st.mem.readRaw(obj.obj(), PEEKED, 8)}, name, call.loc())), null);
            }
            case "get-error" -> error(in, t, c, e, call, name, o, obj, args);
            case "clear-errors", "print-errors" -> {
                if (!c.dry) t.tlsErrors = QUEUE_EMPTY;
                yield in.finishCall(t, c, e, Value.ZERO, null);
            }
            case "next-error", "peek-error" -> {
                if (c.dry) yield in.finishCall(t, c, e, Value.ZERO, null);
                long q = t.tlsErrors;
                long code = st.chooseAmong(q == QUEUE_UNKNOWN ? new long[] {0, SSL_CODE, SYSTEM_CODE} : new long[] {q}, name, call.loc());
                // a code taken off the queue may have others behind it; a 0 says it is empty; a peeked one stays in front
                t.tlsErrors = code == 0 ? QUEUE_EMPTY : o.op().equals("peek-error") ? code : QUEUE_UNKNOWN;
                yield in.finishCall(t, c, e, Value.of(code), null);
            }
            case "error-text" -> errorText(in, lib, t, c, e, call, name, o, args);
            default -> throw Abandon.unsupported(name + " (OpenSSL operation " + o.op() + ")");
        };
    }

    /** 1 or 0 (a failure, which leaves the thread's error queue unknown), the world's choice, recorded. */
    private static long succeeds(ExecState st, ThreadState t, Stmt.Call call, String name) {
        long r = st.chooseAmong(new long[] {1, 0}, name, call.loc());
        if (r == 0) t.tlsErrors = QUEUE_UNKNOWN;
        return r;
    }

    /** The object at {@code v}, one this class made of the kind {@code prefix} names, alive; else the run stops. */
    private static Value.Ptr own(ExecState st, Value v, String prefix, String name) {
        if (!(v instanceof Value.Ptr p) || p.off() != 0 || !st.mem.get(p.obj()).alive || !st.mem.get(p.obj()).name.startsWith(prefix)
                || (prefix.equals(CONNECTION) && st.mem.get(p.obj()).name.startsWith(CONTEXT))) {
            throw Abandon.unsupported(name + " of " + v + ", not an " + (prefix.equals(CONTEXT) ? "SSL_CTX" : "SSL") + " the run made");
        }
        return p;
    }

    private static long integer(List<Value> args, int at, String name) {
        if (!(LibraryBehaviour.arg(args, at) instanceof Value.Int i)) throw Abandon.unsupported(name + " of an unknown value");
        return i.v();
    }

    /**
     * A connection a handshake, read, write or shutdown can work on: it has a descriptor, and no verification callback
     * OpenSSL would call during a handshake (which a read or write may start).
     */
    private static void connected(ExecState st, Value.Ptr ssl, String name) {
        if (st.mem.readRaw(ssl.obj(), FD, 4) == 0) throw Abandon.unsupported(name + " of a connection without a descriptor");
        if (st.mem.readRaw(ssl.obj(), CALLBACK, 1) != 0 && st.mem.readRaw(ssl.obj(), DONE, 4) == 0) {
            throw Abandon.unsupported(name + " of a connection with a verification callback (OpenSSL would call it)");
        }
    }

    private static boolean control(Interpreter in, ThreadState t, Ctx c, Edge e, String name, Semantics.OpenSsl o, Value.Ptr ctx, List<Value> args) {
        ExecState st = in.st;
        long cmd = integer(args, o.value(), name);
        long larg = integer(args, o.value() + 1, name);
        if (cmd != MODE && cmd != CLEAR_MODE && cmd != SET_CACHE && cmd != GET_CACHE && cmd != SET_MIN && cmd != SET_MAX && cmd != GET_MIN && cmd != GET_MAX) {
            throw Abandon.unsupported(name + " command " + cmd + " (not modelled)");
        }
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        int id = ctx.obj();
        long r;
        if (cmd == MODE || cmd == CLEAR_MODE) {
            long mode = st.mem.readRaw(id, MODE_AT, 8);
            r = cmd == MODE ? mode | larg : mode & ~larg;
            st.mem.writeRaw(id, MODE_AT, 8, r);
        } else if (cmd == SET_CACHE) {
            r = st.mem.readRaw(id, CACHE, 8);
            st.mem.writeRaw(id, CACHE, 8, larg);
        } else if (cmd == GET_CACHE) {
            r = st.mem.readRaw(id, CACHE, 8);
        } else if (cmd == SET_MIN || cmd == SET_MAX) {
            // TLS_method's bounds: 0 (none) or SSL 3.0 to TLS 1.3
            r = larg == 0 || larg >= 0x300 && larg <= 0x304 ? 1 : 0;
            if (r == 1) st.mem.writeRaw(id, cmd == SET_MIN ? MIN : MAX, 8, larg);
        } else {
            r = st.mem.readRaw(id, cmd == GET_MIN ? MIN : MAX, 8);
        }
        return in.finishCall(t, c, e, Value.of(r), null);
    }

    /**
     * The bytes a read or write of {@code ssl} asks for: the connection must have a descriptor and a role (else
     * OpenSSL's own failure, not modelled), the count be above 0.
     */
    private static long transferred(ExecState st, Value.Ptr ssl, Semantics.OpenSsl o, List<Value> args, String name) {
        connected(st, ssl, name);
        if (st.mem.readRaw(ssl.obj(), ROLE, 4) == 0) throw Abandon.unsupported(name + " of a connection without a role");
        long n = integer(args, o.count(), name);
        if (n <= 0) throw Abandon.unsupported(name + " of " + n + " bytes");
        return n;
    }

    private static boolean read(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                Semantics.OpenSsl o, Value.Ptr ssl, List<Value> args) {
        ExecState st = in.st;
        long n = transferred(st, ssl, o, args, name);
        Value.Ptr buf = LibraryFunctions.ptr(LibraryBehaviour.arg(args, o.buf()), name);
        st.mem.check(buf.obj(), buf.off(), n, true);
        if (buf.bounded() && buf.off() + n > buf.hi()) throw Abandon.unsupported(name + " past the end of a member array");
        lib.access(c, ssl, 1, true, call, name);
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        long peeked = st.mem.readRaw(ssl.obj(), PEEKED, 8);
        long got;
        long fill;
        if (peeked > 0) {
            // the bytes a peek looked at come first (a record of exactly those bytes)
            got = st.chooseAmong(new long[] {Math.min(peeked, n)}, name, call.loc());
            fill = st.chooseAmong(new long[] {st.mem.readRaw(ssl.obj(), PEEKED_BYTE, 1)}, name, call.loc());
        } else {
            long part = n <= 1 ? n : 1 + (st.randomBits() & 0x7fffffffL) % (n - 1);
            got = st.chooseAmong(new long[] {n, part, 0, -1}, name, call.loc());
            if (got <= 0) {
                t.tlsErrors = QUEUE_UNKNOWN;
                return in.finishCall(t, c, e, Value.of(got), null);
            }
            // one byte repeated, as read's: among them those the reading function compares with
            fill = WorldFiles.fillByte(st, name, call, t.top().fn);
        }
        byte[] b = new byte[(int) got];
        java.util.Arrays.fill(b, (byte) fill);
        st.mem.writeBytes(buf.obj(), buf.off(), b);
        st.mem.writeRaw(ssl.obj(), DONE, 4, 1);
        if (o.op().equals("peek")) {
            st.mem.writeRaw(ssl.obj(), PEEKED, 8, got);
            st.mem.writeRaw(ssl.obj(), PEEKED_BYTE, 1, fill);
        } else {
            st.mem.writeRaw(ssl.obj(), PEEKED, 8, Math.max(0, peeked - got));
        }
        return in.finishCall(t, c, e, Value.of(got), null);
    }

    private static boolean write(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                 Semantics.OpenSsl o, Value.Ptr ssl, List<Value> args) {
        ExecState st = in.st;
        long n = transferred(st, ssl, o, args, name);
        Value.Ptr buf = LibraryFunctions.ptr(LibraryBehaviour.arg(args, o.buf()), name);
        lib.access(c, buf, n, false, call, name);
        lib.access(c, ssl, 1, true, call, name);
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        boolean partial = (st.mem.readRaw(ssl.obj(), MODE_AT, 8) & PARTIAL_WRITE) != 0 && n > 1;
        long part = partial ? 1 + (st.randomBits() & 0x7fffffffL) % (n - 1) : n;
        long r = st.chooseAmong(partial ? new long[] {n, part, 0, -1} : new long[] {n, 0, -1}, name, call.loc());
        if (r > 0) st.mem.writeRaw(ssl.obj(), DONE, 4, 1);
        else t.tlsErrors = QUEUE_UNKNOWN;
        return in.finishCall(t, c, e, Value.of(r), null);
    }

    /** {@code SSL_get_error(ssl, ret)}: 0 for a result above 0, else OpenSSL's answer for the queue as the run knows it. */
    private static boolean error(Interpreter in, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Semantics.OpenSsl o,
                                 Value.Ptr ssl, List<Value> args) {
        ExecState st = in.st;
        long ret = integer(args, o.value(), name);
        if (c.dry || ret > 0) return in.finishCall(t, c, e, Value.ZERO, null);
        long q = t.tlsErrors;
        long fd = st.mem.readRaw(ssl.obj(), FD, 4) - 1;
        Descriptors.Entry d = fd >= 0 ? st.sync.descriptors.get(fd) : null;
        // a blocking descriptor's read or write does not come back wanting more (OpenSSL's auto-retry is the default)
        boolean wants = d != null && d.nonblocking();
        long[] cands;
        if (q != QUEUE_EMPTY && q != QUEUE_UNKNOWN) cands = new long[] {(q & SYSTEM_FLAG) != 0 ? SYSCALL : ERROR_SSL};
        else if (q == QUEUE_EMPTY) cands = wants ? new long[] {SYSCALL, ZERO_RETURN, WANT_READ, WANT_WRITE} : new long[] {SYSCALL, ZERO_RETURN};
        else cands = wants ? new long[] {ERROR_SSL, SYSCALL, ZERO_RETURN, WANT_READ, WANT_WRITE} : new long[] {ERROR_SSL, SYSCALL, ZERO_RETURN};
        long r = st.chooseAmong(cands, name, call.loc());
        // the queue OpenSSL looked at first: an SSL error in front, else (in the run's world) empty
        if (q == QUEUE_UNKNOWN) t.tlsErrors = r == ERROR_SSL ? SSL_CODE : QUEUE_EMPTY;
        return in.finishCall(t, c, e, Value.of(r), null);
    }

    /** {@code ERR_error_string_n(code, buf, len)}: the installed libcrypto's text, cut to {@code len} bytes with its terminator. */
    private static boolean errorText(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                     Semantics.OpenSsl o, List<Value> args) {
        ExecState st = in.st;
        long code = integer(args, o.value(), name);
        long len = LibraryFunctions.count(LibraryBehaviour.arg(args, o.count()));
        if (len == 0) return in.finishCall(t, c, e, Value.ZERO, null);
        if (len > 4096) throw Abandon.unsupported(name + " into " + len + " bytes");
        var installed = weft.installed.CryptoErrors.installed();
        if (installed.isEmpty()) throw Abandon.unsupported(name + " without an installed libcrypto");
        byte[] text = (installed.get().text(code, (int) len) + "\0").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        Value.Ptr buf = LibraryFunctions.ptr(LibraryBehaviour.arg(args, o.buf()), name);
        lib.access(c, buf, text.length, true, call, name);
        if (!c.dry) st.mem.writeBytes(buf.obj(), buf.off(), text);
        return in.finishCall(t, c, e, Value.ZERO, null);
    }
}
