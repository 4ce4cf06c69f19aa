package weft.exec;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.IntConversions;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.List;

/**
 * The network databases as the world's answers ({@link Semantics.DatabaseEntry}: {@code /etc/services},
 * {@code /etc/protocols}, {@code /etc/networks}, {@code /etc/hosts} and what stands for them): whether an entry exists
 * is an input the search chooses and records under the call's name (0: found, first; 1: none, a null result), and so
 * is what the asked-for name maps to: a service's port (1..65535, recorded in host order), a protocol's number
 * (0..255), a network's number; what is asked by number keeps it and is named {@link Accounts#NAME}. An enumeration
 * ({@code getservent}, {@code getprotoent}, {@code getnetent}, {@code gethostent}) gives the next entry, named
 * {@link Accounts#NAME}, or the end. A service's protocol is the one asked for ("tcp" when none is); a network's
 * type {@code AF_INET}; a host entry one IPv4 address, 127.0.0.1 ({@link Addresses#hostEntry}). The entry is laid out
 * in the function's static buffer (its state group's object, which every call overwrites as glibc's static structs
 * are): the struct at 0, an empty alias list at {@link #ALIASES}, the strings from {@link #STRINGS}. The reproducer's
 * wrappers build the same entries from the witness's values.
 *
 * <p>Must-soundness: every run is a real execution under databases that have (or lack) such an entry; the bytes the
 * program reads are those the reproducer gives back. A proof stops at the call: the databases are the world's.
 */
final class Databases {
    private Databases() {
    }

    /** Where the alias list and the strings go in the static buffer. */
    private static final long ALIASES = 48, STRINGS = 64;

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                       Semantics.DatabaseEntry d, List<Value> args) {
        ExecState st = in.st;
        if (st.exhaustive) throw Abandon.unsupported(name + ": the network databases are the world's");
        String asked = d.name() >= 0 ? Formatter.knownString(st, lib, c, call, name, LibraryFunctions.ptr(LibraryBehaviour.arg(args, d.name()), name))
                : Accounts.NAME;
        long number = -1;
        if (d.number() >= 0) {
            if (!(LibraryBehaviour.arg(args, d.number()) instanceof Value.Int i)) throw Abandon.unsupported(name + " of an unknown number");
            number = i.v();
        }
        String proto = "tcp";
        if (d.proto() >= 0 && d.db().equals("service")) {
            Value p = LibraryBehaviour.arg(args, d.proto());
            if (!(p instanceof Value.Int z && z.v() == 0)) proto = Formatter.knownString(st, lib, c, call, name, LibraryFunctions.ptr(p, name));
        } else if (d.proto() >= 0 && d.db().equals("network")) {
            if (!(LibraryBehaviour.arg(args, d.proto()) instanceof Value.Int type) || type.v() != Addresses.AF_INET) {
                throw Abandon.unsupported(name + " of a type other than AF_INET");
            }
        }
        Value.Ptr buf = LibraryBehaviour.staticBuffer(st, t, name, 0);
        if (d.db().equals("host")) {
            // gethostent: the hosts database's next entry, one IPv4 address
            long used = Addresses.hostEntrySize(Accounts.NAME);
            if (st.mem.get(buf.obj()).size < buf.off() + used) throw Abandon.unsupported(name + " without room for its entry");
            lib.access(c, buf, used, true, call, name);
            if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
            if (st.chooseAmong(new long[] {0, 1}, name, call.loc()) != 0) return in.finishCall(t, c, e, Value.ZERO, null);
            Addresses.hostEntry(st, buf, Accounts.NAME, Addresses.LOOPBACK);
            return in.finishCall(t, c, e, buf, null);
        }
        String[] strings = d.db().equals("service") ? new String[] {asked, proto} : new String[] {asked};
        long used = STRINGS;
        for (String s : strings) used += s.length() + 1;
        if (st.mem.get(buf.obj()).size < buf.off() + used) throw Abandon.unsupported(name + " of a name too long for its buffer");
        lib.access(c, buf, used, true, call, name);
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        if (st.chooseAmong(new long[] {0, 1}, name, call.loc()) != 0) return in.finishCall(t, c, e, Value.ZERO, null);
        CType.Int uint = new CType.Int("unsigned int", 4, 4, false);
        long value = switch (d.db()) {
            // a service's port in network byte order: the one asked, else the world's (recorded in host order)
            case "service" -> number >= 0 ? number & 0xffff
                    : swap16(((Value.Int) st.chooseInput(IntConversions.INT, name, call.loc(), 1, 65535)).v());
            case "protocol" -> number >= 0 ? number : ((Value.Int) st.chooseInput(IntConversions.INT, name, call.loc(), 0, 255)).v();
            default -> number >= 0 ? number & 0xffffffffL : ((Value.Int) st.chooseInput(uint, name, call.loc(), 0, 0xffffffffL)).v();
        };
        int o = buf.obj();
        long b = buf.off();
        int p = st.dm.pointerSize;
        CType.Pointer ptr = new CType.Pointer(new CType.Int("char", 1, 1, true), p);
        long[] at = Accounts.layStrings(st, o, b + STRINGS, strings);
        st.mem.write(o, b + ALIASES, ptr, Value.ZERO);
        // every entry starts with its name and its alias list
        st.mem.write(o, b, ptr, new Value.Ptr(o, at[0]));
        st.mem.write(o, b + p, ptr, new Value.Ptr(o, b + ALIASES));
        switch (d.db()) {
            case "service" -> {
                // struct servent: name, aliases, port (an int), protocol
                st.mem.writeRaw(o, b + 2L * p, 4, value);
                st.mem.write(o, b + 3L * p, ptr, new Value.Ptr(o, at[1]));
            }
            case "protocol" -> st.mem.writeRaw(o, b + 2L * p, 4, value); // struct protoent: name, aliases, number
            default -> {
                // struct netent: name, aliases, address type, network number (host byte order)
                st.mem.writeRaw(o, b + 2L * p, 4, Addresses.AF_INET);
                st.mem.writeRaw(o, b + 2L * p + 4, 4, value);
            }
        }
        return in.finishCall(t, c, e, buf, null);
    }

    private static long swap16(long v) {
        return (v & 0xff) << 8 | (v >> 8) & 0xff;
    }
}
