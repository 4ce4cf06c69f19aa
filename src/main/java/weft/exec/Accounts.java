package weft.exec;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.IntConversions;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.List;

/**
 * The user and group databases as the world's answers ({@link Semantics.AccountEntry}: {@code getpwnam},
 * {@code getpwuid}, {@code getgrnam}, {@code getgrgid}; {@code getpwent}, {@code getgrent}: the next entry, named
 * {@link #NAME}, or the end; {@code setpwent} and its kin rewind, which changes no answer of the world's): whether the
 * entry exists is an input the search chooses and
 * records under the call's name (0: found, first; 1: none, a null result with {@code errno} unchanged, as POSIX allows
 * for an entry not found), and so is a found entry's id a name asked for (user: its uid and gid; group: its gid, each
 * in 0..65534). The entry is laid out in the function's static buffer (its state group's object, which every call
 * overwrites, as glibc's static {@code struct passwd} / {@code struct group} and their strings are): the struct at 0,
 * then its strings from 64 — the name asked ("weft" for an id asked), password "x", a user's empty gecos, home "/",
 * shell "/bin/sh", a group's empty member list. The reentrant forms ({@code getpwnam_r}, {@code getpwuid_r},
 * {@code getgrnam_r}, {@code getgrgid_r}) lay the same entry out in the caller's struct, its strings (and a group's
 * member list) from the start of the caller's buffer, set {@code *result} to the entry or null, and return 0; a buffer
 * smaller than {@link #REENTRANT_BUFFER} bytes past the strings stops the run (glibc's files backend needs room for
 * the database's line, which is the world's: {@code ERANGE} could be its answer). The reproducer's wrappers build the
 * same entry from the witness's values.
 *
 * <p>Must-soundness: every run is a real execution under a database that has (or lacks) such an entry; the bytes the
 * program reads are those the reproducer gives back. A proof stops at the call: the database is the world's.
 */
final class Accounts {
    private Accounts() {
    }

    /** Where the strings start in the static buffer, after the struct and a group's member list. */
    private static final long STRINGS = 64;
    /** Room a reentrant call's buffer must have past the entry's strings for the run to go on. */
    static final long REENTRANT_BUFFER = 256;
    /** The name an entry asked for by its id gets. */
    static final String NAME = "weft";

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                       Semantics.AccountEntry a, List<Value> args) {
        ExecState st = in.st;
        if (st.exhaustive) throw Abandon.unsupported(name + ": the user and group databases are the world's");
        String asked = NAME;
        long id = -1;
        if (a.name() >= 0) {
            asked = Formatter.knownString(st, lib, c, call, name, LibraryFunctions.ptr(LibraryBehaviour.arg(args, a.name()), name));
        } else if (a.enumerates()) {
            // getpwent, getgrent: the next entry of the world's database, its ids chosen as a name's are
            asked = NAME;
        } else if (LibraryBehaviour.arg(args, a.id()) instanceof Value.Int i) {
            id = i.v() & 0xffffffffL;
        } else {
            throw Abandon.unsupported(name + " of an unknown id");
        }
        int p = st.dm.pointerSize;
        String[] strings = a.group() ? new String[] {asked, "x"} : new String[] {asked, "x", "", "/", "/bin/sh"};
        long stringBytes = 0;
        for (String s : strings) stringBytes += s.length() + 1;
        Value.Ptr buf;
        Value.Ptr entry;
        Value.Ptr result = null;
        long start;
        if (a.entry() >= 0) {
            // reentrant: the struct is the caller's, the strings (and a group's member list, first) in its buffer
            entry = LibraryFunctions.ptr(LibraryBehaviour.arg(args, a.entry()), name);
            buf = LibraryFunctions.ptr(LibraryBehaviour.arg(args, a.buf()), name);
            result = LibraryFunctions.ptr(LibraryBehaviour.arg(args, a.result()), name);
            long size = LibraryFunctions.count(LibraryBehaviour.arg(args, a.size()));
            long members = a.group() ? p : 0;
            if (size < members + stringBytes + REENTRANT_BUFFER) throw Abandon.unsupported(name + " with a buffer of " + size + " bytes (glibc may answer ERANGE)");
            lib.access(c, result, p, true, call, name);
            if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
            // the entry's bytes are the world's answer (as read's are): written, not accesses a planned step makes
            st.mem.check(entry.obj(), entry.off(), a.group() ? 4L * p : 2L * p + 8 + 3L * p, true);
            st.mem.check(buf.obj(), buf.off(), members + stringBytes, true);
            start = buf.off() + members;
        } else {
            buf = LibraryBehaviour.staticBuffer(st, t, name, 0);
            entry = buf;
            long used = STRINGS + stringBytes;
            if (st.mem.get(buf.obj()).size < buf.off() + used) throw Abandon.unsupported(name + " of a name too long for its buffer");
            // the entry's bytes (written when one is found; the library's static storage either way, which the call's
            // hidden-state access covers whole)
            lib.access(c, buf, used, true, call, name);
            if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
            start = buf.off() + STRINGS;
        }
        CType.Pointer ptr = new CType.Pointer(new CType.Int("char", 1, 1, true), p);
        Value found = st.chooseInput(IntConversions.INT, name, call.loc(), 0, 1);
        if (!(found instanceof Value.Int f) || f.v() != 0) {
            if (result != null) st.mem.write(result.obj(), result.off(), ptr, Value.ZERO);
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        CType.Int idType = new CType.Int("unsigned int", 4, 4, false);
        long uid = id >= 0 ? id : ((Value.Int) st.chooseInput(idType, name, call.loc(), 0, 65534)).v();
        long gid = a.group() ? uid : ((Value.Int) st.chooseInput(idType, name, call.loc(), 0, 65534)).v();
        int so = buf.obj();
        long[] at = layStrings(st, so, start, strings);
        int o = entry.obj();
        long b = entry.off();
        st.mem.write(o, b, ptr, new Value.Ptr(so, at[0]));
        st.mem.write(o, b + p, ptr, new Value.Ptr(so, at[1]));
        if (a.group()) {
            // struct group: name, password, gid, then the member list (one null pointer: after the struct in the
            // static entry, at the start of a reentrant call's buffer)
            st.mem.writeRaw(o, b + 2L * p, 4, gid);
            Value.Ptr members = result != null ? buf : new Value.Ptr(o, b + 4L * p);
            st.mem.write(o, b + 3L * p, ptr, members);
            st.mem.write(members.obj(), members.off(), ptr, Value.ZERO);
        } else {
            // struct passwd: name, password, uid, gid, gecos, home, shell
            st.mem.writeRaw(o, b + 2L * p, 4, uid);
            st.mem.writeRaw(o, b + 2L * p + 4, 4, gid);
            for (int i = 2; i < 5; i++) st.mem.write(o, b + 2L * p + 8 + (i - 2L) * p, ptr, new Value.Ptr(so, at[i]));
        }
        if (result == null) return in.finishCall(t, c, e, entry, null);
        st.mem.write(result.obj(), result.off(), ptr, entry);
        return in.finishCall(t, c, e, Value.ZERO, null);
    }

    /**
     * Writes {@code strings}, each with its terminator, one after the other into object {@code obj} from offset
     * {@code from} (an entry's strings in a static buffer or the caller's); returns where each starts.
     */
    static long[] layStrings(ExecState st, int obj, long from, String... strings) {
        long[] at = new long[strings.length];
        long next = from;
        for (int i = 0; i < strings.length; i++) {
            at[i] = next;
            st.mem.writeBytes(obj, next, (strings[i] + "\0").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            next += strings[i].length() + 1;
        }
        return at;
    }
}
