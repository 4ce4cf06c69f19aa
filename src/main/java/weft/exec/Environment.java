package weft.exec;

import weft.exec.state.Abandon;
import weft.exec.state.Block;
import weft.exec.state.Sync;
import weft.exec.state.Value;
import weft.ir.Edge;
import weft.ir.IntConversions;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.ArrayList;
import java.util.List;

/**
 * The process's environment ({@link Semantics.EnvironmentVariable}, {@link Semantics.EnvironmentChange}): what the
 * program inherited is the world's, and the witness search takes every variable it did not set to be unset (the
 * reproducer's {@code getenv} returns null for them); what the program sets is the run's ({@link Sync#environment}),
 * kept as glibc 2.36 keeps it. {@code setenv} refuses a null or empty name or one holding {@code '='} ({@code EINVAL}),
 * leaves a set variable alone without {@code overwrite}, and otherwise stores a copy {@code NAME=value} of its own (a
 * read-only object here: the program may not write it); {@code putenv} makes the program's own string the entry (later
 * writes to it change the variable), and without {@code '='} unsets the name (glibc's extension); {@code unsetenv}
 * removes it; {@code clearenv} removes every one. {@code getenv} returns the address past the {@code '='} of the
 * entry, or null. The reads recorded are of the names and values given ({@code putenv}'s string up to its {@code '='},
 * as far as glibc reads it), the entries' bytes that {@code getenv}
 * compares are read inside the C library, where the replay's ThreadSanitizer would not see them: not recorded, so no
 * race is confirmed on them). Proofs stop: the inherited environment is any.
 */
final class Environment {
    private Environment() {
    }

    static boolean handles(Semantics s) {
        return s instanceof Semantics.EnvironmentVariable || s instanceof Semantics.EnvironmentChange || s instanceof Semantics.DateParse;
    }

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Semantics sem,
                       List<Value> args) {
        ExecState st = in.st;
        if (sem instanceof Semantics.EnvironmentVariable ev) {
            String asked = Formatter.knownString(st, lib, c, call, name, LibraryFunctions.ptr(LibraryBehaviour.arg(args, ev.name()), name));
            // the environment is the world's: a proof cannot take one environment for all
            if (st.exhaustive) throw Abandon.unsupported(name + ": the environment is an input");
            Sync.EnvironmentEntry found = find(st, asked);
            if (!c.dry) st.logNondet(name, call.loc(), found == null ? "0" : "1");
            return in.finishCall(t, c, e, found == null ? Value.ZERO : found.entry().at(found.entry().off() + asked.length() + 1), null);
        }
        if (sem instanceof Semantics.DateParse) return dateParse(in, lib, t, c, e, call, name);
        Semantics.EnvironmentChange ch = (Semantics.EnvironmentChange) sem;
        if (st.exhaustive) throw Abandon.unsupported(name + ": the environment is an input");
        if (st.speculating) throw Abandon.unsupported(name + " in an atomic section");
        List<Sync.EnvironmentEntry> now = new ArrayList<>(st.sync.environment);
        switch (ch.op()) {
            case "clear" -> now.clear();
            case "put" -> {
                Value.Ptr p = LibraryFunctions.ptr(LibraryBehaviour.arg(args, ch.name()), name);
                // glibc's putenv reads up to the '=' (strchr) and keeps the rest unread: a certain read of that much
                long len = lib.strlen(p);
                String entry = new String(st.mem.readBytes(p.obj(), p.off(), (int) len), java.nio.charset.StandardCharsets.ISO_8859_1);
                int eq = entry.indexOf('=');
                lib.access(c, p, eq < 0 ? len + 1 : eq + 1, false, call, name);
                String var = eq < 0 ? entry : entry.substring(0, eq);
                if (var.isEmpty()) throw Abandon.unsupported(name + " of an entry without a name");
                int at = index(now, var);
                if (eq < 0) {
                    if (at >= 0) now.remove(at);
                } else if (at >= 0) {
                    now.set(at, new Sync.EnvironmentEntry(var, p));
                } else {
                    now.add(new Sync.EnvironmentEntry(var, p));
                }
            }
            default -> {
                Value n = LibraryBehaviour.arg(args, ch.name());
                if (n instanceof Value.Int z && z.v() == 0) return fail(in, t, c, e);
                String var = Formatter.knownString(st, lib, c, call, name, LibraryFunctions.ptr(n, name));
                if (var.isEmpty() || var.indexOf('=') >= 0) return fail(in, t, c, e);
                int at = index(now, var);
                if (ch.op().equals("unset")) {
                    if (at >= 0) now.remove(at);
                } else {
                    String value = Formatter.knownString(st, lib, c, call, name, LibraryFunctions.ptr(LibraryBehaviour.arg(args, ch.value()), name));
                    if (!(LibraryBehaviour.arg(args, ch.overwrite()) instanceof Value.Int ow)) throw Abandon.unsupported(name + " with an unknown overwrite");
                    if (at >= 0 && ow.v() == 0) return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
                    if (!c.dry) {
                        Sync.EnvironmentEntry made = new Sync.EnvironmentEntry(var, copy(st, var + "=" + value, call));
                        if (at >= 0) now.set(at, made);
                        else now.add(made);
                    }
                }
            }
        }
        if (!c.dry) {
            st.beforeSyncChange();
            st.sync.environment = List.copyOf(now);
        }
        return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
    }

    /** The variable naming getdate's template file; getdate's errors: no template file named, the file not there. */
    private static final String DATEMSK = "DATEMSK";
    private static final long NO_TEMPLATES = 1, NO_FILE = 3;

    /**
     * {@code getdate} ({@link Semantics.DateParse}) as glibc 2.36's {@code __getdate_r} begins: {@code DATEMSK} unset
     * (one the program did not set: taken unset) or empty gives error 1, one the program set gives 3 (its file does not
     * exist in the run's world: {@code stat} fails); the error, recorded, goes to {@code getdate_err} (a write, when the
     * program declares it: else no one reads it) and the result is null. The variable's value is read inside the C
     * library (not an access, as {@code getenv}'s comparisons are not).
     */
    private static boolean dateParse(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name) {
        ExecState st = in.st;
        if (st.exhaustive) throw Abandon.unsupported(name + ": the environment and the template file are the world's");
        Sync.EnvironmentEntry found = find(st, DATEMSK);
        long error = NO_TEMPLATES;
        if (found != null) {
            Value.Ptr v = found.entry().at(found.entry().off() + DATEMSK.length() + 1);
            if (st.mem.get(v.obj()).anyUnknown(v.off(), 1)) throw Abandon.unsupported(name + " with DATEMSK's value not known");
            if (st.mem.readRaw(v.obj(), v.off(), 1) != 0) error = NO_FILE;
        }
        weft.ir.Variable err = st.program.globalNamed("getdate_err");
        if (err != null) {
            if (!(err.type().unqualified() instanceof weft.ir.CType.Int it)) throw Abandon.unsupported(name + " with getdate_err of type " + err.type());
            Value.Ptr p = new Value.Ptr(st.objectOf(err, t, null), 0);
            lib.access(c, p, it.size(), true, call, name);
            if (!c.dry) st.mem.write(p.obj(), 0, it, Value.of(error));
        }
        if (!c.dry) st.logNondet(name, call.loc(), Long.toString(error));
        return in.finishCall(t, c, e, Value.ZERO, null);
    }

    private static Sync.EnvironmentEntry find(ExecState st, String var) {
        for (Sync.EnvironmentEntry x : st.sync.environment) if (x.name().equals(var)) return x;
        return null;
    }

    private static int index(List<Sync.EnvironmentEntry> entries, String var) {
        for (int i = 0; i < entries.size(); i++) if (entries.get(i).name().equals(var)) return i;
        return -1;
    }

    /** setenv's copy of {@code NAME=value}: an object of the library's, read-only for the program. */
    private static Value.Ptr copy(ExecState st, String text, Stmt.Call call) {
        byte[] b = text.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        Block o = st.mem.create("<libc:environ " + text + ">", Block.Kind.SPECIAL, b.length + 1L, -1, call.loc());
        System.arraycopy(b, 0, o.writableBytes(), 0, b.length);
        o.readOnly = true;
        return new Value.Ptr(o.id, 0);
    }

    /** -1 with errno EINVAL. */
    private static boolean fail(Interpreter in, ThreadState t, Ctx c, Edge e) {
        if (!c.dry) in.st.setErrno(t, Errno.EINVAL);
        return in.finishCall(t, c, e, Value.of(-1), IntConversions.INT);
    }
}
