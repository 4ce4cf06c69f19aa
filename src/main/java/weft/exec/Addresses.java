package weft.exec;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.List;

/**
 * Internet addresses: {@code inet_ntop} computed as glibc does for IPv4, {@code getaddrinfo} answered for the world
 * and {@code freeaddrinfo} of its answers.
 *
 * <p>Must-soundness: {@code inet_ntop} is exact ({@code AF_INET}: the four bytes as decimal numbers with dots, into a
 * buffer that holds it and its terminator, else null with {@code ENOSPC}; other families stop the execution).
 * {@code getaddrinfo}'s answer is one a resolver may give: one IPv4 address ({@code AF_INET} or unspecified family
 * asked for; IPv6 stops the execution), the numeric host as written ({@code inet_aton}'s reading), {@code localhost}
 * and any other name 127.0.0.1 (a name's address is the resolver's: a hosts file may say so), no host: the
 * wildcard address with {@code AI_PASSIVE}, else the loopback address; the port of a decimal service (a service name
 * or an unspecified socket type stops the execution: glibc then answers with one entry per type). The list is a
 * heap block and its address another, recorded for the reproducer (the result, the address in network byte order,
 * the port, the socket type, the protocol) which builds the same answer. Proofs stop: the resolver is the world's.
 */
final class Addresses {
    static final long AF_INET = 2;
    static final long AI_PASSIVE = 1, AI_NUMERICHOST = 4;
    static final long EAI_NONAME = -2, EAI_SERVICE = -8;
    static final long LOOPBACK = 0x0100007fL; // 127.0.0.1 in network byte order, read little-endian

    private Addresses() {
    }

    static boolean handles(Semantics s) {
        return s instanceof Semantics.FormatAddress || s instanceof Semantics.ResolveAddress || s instanceof Semantics.FreeAddresses;
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
                if (!c.dry) st.setErrno(t, ExecState.ENOSPC);
                return in.finishCall(t, c, e, Value.ZERO, null);
            }
            lib.access(c, dest, text.length() + 1, true, call, name);
            if (!c.dry) {
                for (int i = 0; i < text.length(); i++) st.mem.writeRaw(dest.obj(), dest.off() + i, 1, text.charAt(i));
                st.mem.writeRaw(dest.obj(), dest.off() + text.length(), 1, 0);
            }
            return in.finishCall(t, c, e, dest, null);
        }
        if (st.exhaustive) throw Abandon.unsupported(name + ": the resolver is the world's");
        if (sem instanceof Semantics.ResolveAddress r) return resolve(in, lib, t, c, e, call, name, r, args);
        if (sem instanceof Semantics.FreeAddresses f) {
            Value v = LibraryBehaviour.arg(args, f.list());
            Layout l = new Layout(st.dm.pointerSize);
            while (v instanceof Value.Ptr node) {
                Block b = st.mem.get(node.obj());
                if (node.off() != 0 || b.kind != Block.Kind.HEAP || !b.alive || b.size != l.size) throw Abandon.unsupported(name + " of " + v);
                Value addr = st.mem.read(node.obj(), l.addr, pointer(st));
                Value next = st.mem.read(node.obj(), l.next, pointer(st));
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

    private static CType.Pointer pointer(ExecState st) {
        return new CType.Pointer(new CType.Void(), st.dm.pointerSize);
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
        st.mem.write(node.id, l.addr, pointer(st), new Value.Ptr(sin.id, 0));
        st.mem.write(res.obj(), res.off(), pointer(st), new Value.Ptr(node.id, 0));
        // the library's writes, not the program's: the blocks' first writes are still to come
        st.mem.get(node.id).written(false);
        st.mem.get(sin.id).written(false);
        return in.finishCall(t, c, e, Value.ZERO, null);
    }

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
