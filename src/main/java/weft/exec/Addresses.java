package weft.exec;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.List;

/**
 * Internet addresses: {@code inet_ntop} computed as glibc does for IPv4, {@code getaddrinfo} and {@code gethostbyname}
 * answered for the world and {@code freeaddrinfo} of the former's answers.
 *
 * <p>Must-soundness: {@code inet_ntop} is exact ({@code AF_INET}: the four bytes as decimal numbers with dots, into a
 * buffer that holds it and its terminator, else null with {@code ENOSPC}; other families stop the execution).
 * {@code getaddrinfo}'s answer is one a resolver may give: one IPv4 address ({@code AF_INET} or unspecified family
 * asked for; IPv6 stops the execution), the numeric host as written ({@code inet_aton}'s reading), {@code localhost}
 * and any other name 127.0.0.1 (a name's address is the resolver's: a hosts file may say so), no host: the
 * wildcard address with {@code AI_PASSIVE}, else the loopback address; the port of a decimal service (a service name
 * or an unspecified socket type stops the execution: glibc then answers with one entry per type). The list is a
 * heap block and its address another, recorded for the reproducer (the result, the address in network byte order,
 * the port, the socket type, the protocol) which builds the same answer. {@code gethostbyname},
 * {@code gethostbyname2} and {@code gethostbyaddr} answer the same way in the function's static {@code struct hostent}
 * (one IPv4 address, the name asked or the address's dotted text, no aliases; {@link #host}). Proofs stop: the
 * resolver is the world's.
 */
final class Addresses {
    static final long AF_INET = 2;
    static final long AI_PASSIVE = 1, AI_NUMERICHOST = 4;
    static final long EAI_NONAME = -2, EAI_SERVICE = -8;
    static final long LOOPBACK = 0x0100007fL; // 127.0.0.1 in network byte order, read little-endian

    private Addresses() {
    }

    static boolean handles(Semantics s) {
        return s instanceof Semantics.FormatAddress || s instanceof Semantics.AddressText || s instanceof Semantics.ResolveAddress || s instanceof Semantics.FreeAddresses
                || s instanceof Semantics.ResolveHost || s instanceof Semantics.NumericName;
    }

    static final long NI_NUMERICHOST = 1, NI_NUMERICSERV = 2, NI_NAMEREQD = 8, EAI_FAMILY = -6, EAI_OVERFLOW = -12;

    /**
     * getnameinfo ({@link Semantics.NumericName}) of a sockaddr_in with numeric host and service: the dotted address
     * and the port's decimal digits into the buffers asked for, EAI_OVERFLOW when one does not fit (glibc).
     */
    private static boolean numericName(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                       Semantics.NumericName nn, List<Value> args) {
        ExecState st = in.st;
        int at = nn.sa();
        long flags = intArg(args, at + 6, name);
        Value host = LibraryBehaviour.arg(args, at + 2), serv = LibraryBehaviour.arg(args, at + 4);
        long hostlen = intArg(args, at + 3, name), servlen = intArg(args, at + 5, name);
        boolean wantsHost = !(host instanceof Value.Int z && z.v() == 0) && hostlen > 0;
        boolean wantsServ = !(serv instanceof Value.Int z && z.v() == 0) && servlen > 0;
        if (wantsHost && (flags & NI_NUMERICHOST) == 0 || wantsServ && (flags & NI_NUMERICSERV) == 0 || (flags & NI_NAMEREQD) != 0) {
            throw Abandon.unsupported(name + " looking a name up (the resolver is the world's)");
        }
        Value.Ptr sa = LibraryFunctions.ptr(LibraryBehaviour.arg(args, at), name);
        long salen = intArg(args, at + 1, name);
        lib.access(c, sa, 2, false, call, name);
        if (st.mem.readRaw(sa.obj(), sa.off(), 2) != AF_INET) throw Abandon.unsupported(name + " of a family other than AF_INET");
        if (salen < 16) return in.finishCall(t, c, e, Value.of(EAI_FAMILY), weft.ir.IntConversions.INT);
        if (!wantsHost && !wantsServ) return in.finishCall(t, c, e, Value.ZERO, weft.ir.IntConversions.INT); // nothing asked: 0 (glibc)
        lib.access(c, sa, 8, false, call, name);
        long port = st.mem.readRaw(sa.obj(), sa.off() + 2, 1) << 8 | st.mem.readRaw(sa.obj(), sa.off() + 3, 1);
        String addr = Semantics.FormatAddress.text(st.mem.readRaw(sa.obj(), sa.off() + 4, 4));
        String[] texts = {wantsHost ? addr : null, wantsServ ? Long.toString(port) : null};
        Value[] bufs = {host, serv};
        long[] lens = {hostlen, servlen};
        for (int i = 0; i < 2; i++) {
            if (texts[i] == null) continue;
            if (texts[i].length() + 1 > lens[i]) return in.finishCall(t, c, e, Value.of(EAI_OVERFLOW), weft.ir.IntConversions.INT);
            Value.Ptr p = LibraryFunctions.ptr(bufs[i], name);
            lib.access(c, p, texts[i].length() + 1L, true, call, name);
            if (!c.dry) st.mem.writeBytes(p.obj(), p.off(), (texts[i] + "\0").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        }
        return in.finishCall(t, c, e, Value.ZERO, weft.ir.IntConversions.INT);
    }

    private static long intArg(List<Value> args, int i, String name) {
        if (!(LibraryBehaviour.arg(args, i) instanceof Value.Int v)) throw Abandon.unsupported(name + " argument " + i + " unknown");
        return v.v();
    }

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Semantics sem, List<Value> args) {
        ExecState st = in.st;
        if (sem instanceof Semantics.FormatAddress f) {
            if (!(LibraryBehaviour.arg(args, f.family()) instanceof Value.Int af && af.v() == AF_INET)) throw Abandon.unsupported(name + " of a family other than AF_INET");
            Value.Ptr src = LibraryFunctions.ptr(LibraryBehaviour.arg(args, f.src()), name);
            Value.Ptr dest = LibraryFunctions.ptr(LibraryBehaviour.arg(args, f.dest()), name);
            long size = LibraryFunctions.count(LibraryBehaviour.arg(args, f.count()));
            lib.access(c, src, 4, false, call, name);
            long a = st.mem.readRaw(src.obj(), src.off(), 4);
            String text = Semantics.FormatAddress.text(a);
            if (text.length() + 1 > size) {
                if (!c.dry) st.setErrno(t, Errno.ENOSPC);
                return in.finishCall(t, c, e, Value.ZERO, null);
            }
            lib.access(c, dest, text.length() + 1, true, call, name);
            if (!c.dry) {
                for (int i = 0; i < text.length(); i++) st.mem.writeRaw(dest.obj(), dest.off() + i, 1, text.charAt(i));
                st.mem.writeRaw(dest.obj(), dest.off() + text.length(), 1, 0);
            }
            return in.finishCall(t, c, e, dest, null);
        }
        if (sem instanceof Semantics.AddressText at) {
            // inet_ntoa: the address's four bytes (network order) as dotted text in the static buffer
            long a;
            Value v = LibraryBehaviour.arg(args, at.arg());
            if (v instanceof Value.Agg g && g.bytes().length >= 4 && (g.unknown() == null || g.unknown().get(0, 4).isEmpty()) && g.ptrs().isEmpty()) {
                a = (g.bytes()[0] & 0xffL) | (g.bytes()[1] & 0xffL) << 8 | (g.bytes()[2] & 0xffL) << 16 | (g.bytes()[3] & 0xffL) << 24;
            } else if (v instanceof Value.Int i) {
                a = i.v() & 0xffffffffL;
            } else {
                throw Abandon.unsupported(name + " of " + v);
            }
            byte[] text = (Semantics.FormatAddress.text(a) + "\0").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
            Value.Ptr buf = LibraryBehaviour.staticBuffer(st, t, name, 0);
            lib.access(c, buf, text.length, true, call, name);
            if (!c.dry) st.mem.writeBytes(buf.obj(), buf.off(), text);
            return in.finishCall(t, c, e, buf, null);
        }
        if (sem instanceof Semantics.NumericName nn) return numericName(in, lib, t, c, e, call, name, nn, args);
        if (st.exhaustive) throw Abandon.unsupported(name + ": the resolver is the world's");
        if (sem instanceof Semantics.ResolveAddress r) return resolve(in, lib, t, c, e, call, name, r, args);
        if (sem instanceof Semantics.ResolveHost r) return host(in, lib, t, c, e, call, name, r, args);
        if (sem instanceof Semantics.FreeAddresses f) {
            Value v = LibraryBehaviour.arg(args, f.list());
            Layout l = new Layout(st.dm.pointerSize);
            while (v instanceof Value.Ptr node) {
                Block b = st.mem.get(node.obj());
                if (node.off() != 0 || b.kind != Block.Kind.HEAP || !b.alive || b.size != l.size) throw Abandon.unsupported(name + " of " + v);
                Value addr = st.mem.read(node.obj(), l.addr, st.voidPointer);
                Value next = st.mem.read(node.obj(), l.next, st.voidPointer);
                lib.access(c, node, l.size, true, call, name);
                if (addr instanceof Value.Ptr ap) {
                    lib.access(c, ap, st.mem.get(ap.obj()).size, true, call, name);
                    if (!c.dry) st.mem.kill(ap.obj());
                }
                if (!c.dry) st.mem.kill(node.obj());
                v = next;
            }
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        throw new IllegalStateException(sem.toString());
    }

    /** glibc's {@code struct addrinfo}: flags, family, socket type, protocol, address length, then three pointers. */
    private record Layout(int ptr, long addr, long canon, long next, long size) {
        Layout(int ptr) {
            this(ptr, align(20, ptr), align(20, ptr) + ptr, align(20, ptr) + 2L * ptr, align(20, ptr) + 3L * ptr);
        }

        static long align(long x, long a) {
            return (x + a - 1) / a * a;
        }
    }


    private static boolean resolve(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                   Semantics.ResolveAddress r, List<Value> args) {
        ExecState st = in.st;
        String host = string(st, lib, c, call, name, LibraryBehaviour.arg(args, r.host()));
        String service = string(st, lib, c, call, name, LibraryBehaviour.arg(args, r.service()));
        long flags = 0, family = 0, type = 0, protocol = 0;
        Value hv = LibraryBehaviour.arg(args, r.hints());
        if (hv instanceof Value.Ptr h) {
            lib.access(c, h, 16, false, call, name);
            flags = st.mem.readRaw(h.obj(), h.off(), 4);
            family = st.mem.readRaw(h.obj(), h.off() + 4, 4);
            type = st.mem.readRaw(h.obj(), h.off() + 8, 4);
            protocol = st.mem.readRaw(h.obj(), h.off() + 12, 4);
        } else if (!(hv instanceof Value.Int z && z.v() == 0)) {
            throw Abandon.unsupported(name + " hints " + hv);
        }
        if (family != 0 && family != AF_INET) throw Abandon.unsupported(name + " of a family other than AF_INET");
        if (type != 1 && type != 2) throw Abandon.unsupported(name + " of socket type " + type + " (one answer per type)");
        if (protocol == 0) protocol = type == 1 ? 6 : 17;
        Value.Ptr res = LibraryFunctions.ptr(LibraryBehaviour.arg(args, r.result()), name);
        long answer = 0, address = 0, port = 0;
        if (host == null && service == null) {
            answer = EAI_NONAME;
        } else {
            if (host == null) {
                address = (flags & AI_PASSIVE) != 0 ? 0 : LOOPBACK;
            } else {
                long a = StringFunctions.inetAton(i -> i < host.length() ? host.charAt((int) i) : 0);
                boolean numeric = a >= 0;
                if (!numeric && (flags & AI_NUMERICHOST) != 0) answer = EAI_NONAME;
                address = numeric ? a : LOOPBACK;
            }
            if (service != null) {
                if (service.isEmpty() || !service.chars().allMatch(Character::isDigit)) throw Abandon.unsupported(name + " of service \"" + service + "\" (a name)");
                port = service.length() > 5 ? 65536 : Long.parseLong(service);
                if (port > 65535) answer = EAI_SERVICE;
            }
        }
        if (answer == 0) lib.access(c, res, st.dm.pointerSize, true, call, name);
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        st.logNondet(name, call.loc(), Long.toString(answer));
        if (answer != 0) return in.finishCall(t, c, e, Value.of(answer), null);
        for (long v : new long[] {address, port, type, protocol}) st.logNondet(name, call.loc(), Long.toString(v));
        Layout l = new Layout(st.dm.pointerSize);
        Block node = heap(st, t, call, l.size);
        Block sin = heap(st, t, call, 16);
        long[] bytes = sockaddrIn(port, address);
        for (int i = 0; i < 16; i++) st.mem.writeRaw(sin.id, i, 1, bytes[i]);
        st.mem.fill(node.id, 0, l.size, (byte) 0);
        long[] ints = {flags, AF_INET, type, protocol, 16};
        for (int i = 0; i < ints.length; i++) st.mem.writeRaw(node.id, 4L * i, 4, ints[i]);
        st.mem.write(node.id, l.addr, st.voidPointer, new Value.Ptr(sin.id, 0));
        st.mem.write(res.obj(), res.off(), st.voidPointer, new Value.Ptr(node.id, 0));
        // the library's writes, not the program's: the blocks' first writes are still to come
        st.mem.get(node.id).written(false);
        st.mem.get(sin.id).written(false);
        return in.finishCall(t, c, e, Value.ZERO, null);
    }

    /**
     * {@code gethostbyname}, {@code gethostbyname2}, {@code gethostbyaddr} ({@link Semantics.ResolveHost}): the answer
     * laid out in the function's static buffer (its state group's object, which every call overwrites, as glibc's static
     * {@code struct hostent} and buffer are): the {@code struct hostent} at 0 (name, aliases, {@code AF_INET}, 4, address
     * list), the alias list (one null pointer) at 64, the address list (the address, a null pointer) at 80, the address
     * at 112, the name's text from 128. A name asked is answered with itself as the canonical name and the address
     * {@code getaddrinfo}'s answer would have (numeric: as {@code inet_aton} reads it; else 127.0.0.1, which a hosts file
     * may say); an address with its dotted text as the name. Recorded (0, then the address in network byte order read
     * little-endian) for the reproducer, which builds the same answer. Another family, or an address of another length,
     * stops the run; so does a proof (the run's {@code exhaustive} check above).
     */
    private static boolean host(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                Semantics.ResolveHost r, List<Value> args) {
        ExecState st = in.st;
        if (r.family() >= 0 && !(LibraryBehaviour.arg(args, r.family()) instanceof Value.Int af && af.v() == AF_INET)) {
            throw Abandon.unsupported(name + " of a family other than AF_INET");
        }
        long address;
        String canonical;
        if (r.name() >= 0) {
            canonical = string(st, lib, c, call, name, LibraryBehaviour.arg(args, r.name()));
            if (canonical == null) throw Abandon.unsupported(name + " of a null name");
            long a = StringFunctions.inetAton(i -> i < canonical.length() ? canonical.charAt((int) i) : 0);
            address = a >= 0 ? a : LOOPBACK;
        } else {
            if (!(LibraryBehaviour.arg(args, r.length()) instanceof Value.Int len && len.v() == 4)) throw Abandon.unsupported(name + " of an address not 4 bytes long");
            Value.Ptr src = LibraryFunctions.ptr(LibraryBehaviour.arg(args, r.addr()), name);
            lib.access(c, src, 4, false, call, name);
            address = st.mem.readRaw(src.obj(), src.off(), 4);
            canonical = Semantics.FormatAddress.text(address);
        }
        if (r.entry() >= 0) return hostInto(in, lib, t, c, e, call, name, r, args, canonical, address);
        Value.Ptr buf = LibraryBehaviour.staticBuffer(st, t, name, 0);
        long used = hostEntrySize(canonical);
        if (st.mem.get(buf.obj()).size < buf.off() + used) throw Abandon.unsupported(name + " of a name too long for its buffer");
        lib.access(c, buf, used, true, call, name);
        if (c.dry) return in.finishCall(t, c, e, buf, null);
        st.logNondet(name, call.loc(), "0");
        st.logNondet(name, call.loc(), Long.toString(address));
        hostEntry(st, buf, canonical, address);
        return in.finishCall(t, c, e, buf, null);
    }

    /**
     * {@code gethostbyname_r}: the same answer laid out in the caller's {@code struct hostent}, its lists and name at the
     * start of the caller's buffer; {@code *result} the entry, 0 returned. A buffer without {@link Accounts#REENTRANT_BUFFER}
     * bytes to spare stops the run (glibc's files backend needs room for the database's line, the world's: {@code ERANGE}
     * could be its answer).
     */
    private static boolean hostInto(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                    Semantics.ResolveHost r, List<Value> args, String canonical, long address) {
        ExecState st = in.st;
        int p = st.dm.pointerSize;
        Value.Ptr entry = LibraryFunctions.ptr(LibraryBehaviour.arg(args, r.entry()), name);
        Value.Ptr buf = LibraryFunctions.ptr(LibraryBehaviour.arg(args, r.buf()), name);
        Value.Ptr result = LibraryFunctions.ptr(LibraryBehaviour.arg(args, r.result()), name);
        long size = LibraryFunctions.count(LibraryBehaviour.arg(args, r.size()));
        // the buffer: the alias list (a null pointer), the address list (the address, a null pointer), the address, the name
        long lists = 3L * p + 4;
        long used = lists + canonical.length() + 1;
        if (size < used + Accounts.REENTRANT_BUFFER) throw Abandon.unsupported(name + " with a buffer of " + size + " bytes (glibc may answer ERANGE)");
        lib.access(c, result, p, true, call, name);
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        st.mem.check(entry.obj(), entry.off(), 3L * p + 8, true);
        st.mem.check(buf.obj(), buf.off(), used, true);
        st.logNondet(name, call.loc(), "0");
        st.logNondet(name, call.loc(), Long.toString(address));
        CType.Pointer ptr = st.voidPointer;
        int bo = buf.obj();
        long b = buf.off();
        st.mem.write(bo, b, ptr, Value.ZERO);
        st.mem.write(bo, b + p, ptr, new Value.Ptr(bo, b + 3L * p));
        st.mem.write(bo, b + 2L * p, ptr, Value.ZERO);
        st.mem.writeRaw(bo, b + 3L * p, 4, address);
        st.mem.writeBytes(bo, b + lists, (canonical + "\0").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        int o = entry.obj();
        long h = entry.off();
        st.mem.write(o, h, ptr, new Value.Ptr(bo, b + lists));
        st.mem.write(o, h + p, ptr, new Value.Ptr(bo, b));
        st.mem.writeRaw(o, h + 2L * p, 4, AF_INET);
        st.mem.writeRaw(o, h + 2L * p + 4, 4, 4);
        st.mem.write(o, h + 2L * p + 8, ptr, new Value.Ptr(bo, b + p));
        st.mem.write(result.obj(), result.off(), ptr, entry);
        return in.finishCall(t, c, e, Value.ZERO, null);
    }

    /** The bytes {@link #hostEntry} lays out for a host named {@code canonical}. */
    static long hostEntrySize(String canonical) {
        return HOST_NAME + canonical.length() + 1;
    }

    /**
     * A {@code struct hostent} at {@code buf} with its lists and strings after it: the name {@code canonical}, no
     * aliases, one IPv4 address ({@code address}, network byte order read little-endian).
     */
    static void hostEntry(ExecState st, Value.Ptr buf, String canonical, long address) {
        int p = st.dm.pointerSize;
        int o = buf.obj();
        long b = buf.off();
        CType.Pointer ptr = st.voidPointer;
        st.mem.write(o, b, ptr, new Value.Ptr(o, b + HOST_NAME));
        st.mem.write(o, b + p, ptr, new Value.Ptr(o, b + ALIASES));
        st.mem.writeRaw(o, b + 2L * p, 4, AF_INET);
        st.mem.writeRaw(o, b + 2L * p + 4, 4, 4);
        st.mem.write(o, b + 2L * p + 8, ptr, new Value.Ptr(o, b + ADDRESSES));
        st.mem.write(o, b + ALIASES, ptr, Value.ZERO);
        st.mem.write(o, b + ADDRESSES, ptr, new Value.Ptr(o, b + ADDRESS));
        st.mem.write(o, b + ADDRESSES + p, ptr, Value.ZERO);
        st.mem.writeRaw(o, b + ADDRESS, 4, address);
        st.mem.writeBytes(o, b + HOST_NAME, (canonical + "\0").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
    }

    /** Where {@link #host} lays out the alias list, the address list, the address and the name in the static buffer. */
    private static final long ALIASES = 64, ADDRESSES = 80, ADDRESS = 112, HOST_NAME = 128;

    /**
     * The 16 bytes of a {@code struct sockaddr_in}: {@code AF_INET}, the port in network byte order, the address (in
     * network byte order, read little-endian), zero padding.
     */
    static long[] sockaddrIn(long port, long address) {
        return new long[] {AF_INET, 0, (port >> 8) & 0xff, port & 0xff, address & 0xff, (address >> 8) & 0xff, (address >> 16) & 0xff,
                (address >> 24) & 0xff, 0, 0, 0, 0, 0, 0, 0, 0};
    }

    private static Block heap(ExecState st, ThreadState t, Stmt.Call call, long size) {
        Block b = st.mem.create("heap#" + (++st.heapCount), Block.Kind.HEAP, size, t.index, call.loc());
        b.addressTaken = true;
        return b;
    }

    /** The string at a pointer argument, or null for a null pointer. */
    private static String string(ExecState st, LibraryFunctions lib, Ctx c, Stmt.Call call, String name, Value v) {
        if (v instanceof Value.Int z && z.v() == 0) return null;
        return Formatter.knownString(st, lib, c, call, name, LibraryFunctions.ptr(v, name));
    }
}
