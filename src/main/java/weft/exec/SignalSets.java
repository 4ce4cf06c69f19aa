package weft.exec;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.IntConversions;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.List;

/**
 * {@code <signal.h>}'s signal sets ({@link Semantics.SignalSet}) and {@code sigaction} ({@link Semantics.SignalAction})
 * as glibc computes them on Linux x86-64 (checked against the installed glibc): a {@code sigset_t} is 128 bytes, of
 * which glibc's functions touch only the first 64-bit word (signal {@code s} is its bit {@code s - 1}: {@code NSIG} is
 * 65); {@code sigfillset} sets every bit but those of glibc's internal signals 32 and 33, which {@code sigaddset} and
 * {@code sigdelset} refuse ({@code EINVAL}, as any signal outside 1..64; {@code sigismember} answers 0 for them).
 * {@code sigaction} with a null old action: 0, or -1 and {@code EINVAL} for a signal outside 1..64 or internal, or for
 * {@code SIGKILL} (9) or {@code SIGSTOP} (19) with an action; the handler it installs runs as the callback lowering
 * says (a thread the registration creates). With an old action the call stops the run: the disposition before the first
 * registration is the world's (a parent may leave a signal ignored across {@code exec}).
 *
 * <p>Soundness and must-soundness: the words are read and written where glibc reads and writes them (a null set pointer:
 * -1 and {@code EINVAL} for the functions that test it, as glibc's), every read byte must be known; {@code sigaction}
 * reads the whole action (glibc copies handler, mask, flags and restorer).
 */
final class SignalSets {
    private SignalSets() {
    }

    /** glibc's {@code sigfillset} word: every signal but 32 and 33. */
    static final long FILLED = 0xfffffffe7fffffffL;
    private static final CType.Int WORD = new CType.Int("unsigned long", 8, 8, false);

    static boolean handles(Semantics sem) {
        return sem instanceof Semantics.SignalSet || sem instanceof Semantics.SignalAction;
    }

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                       Semantics sem, List<Value> args) {
        if (sem instanceof Semantics.SignalAction a) return action(in, lib, t, c, e, call, name, a, args);
        Semantics.SignalSet s = (Semantics.SignalSet) sem;
        ExecState st = in.st;
        Value setArg = LibraryBehaviour.arg(args, s.set());
        if (setArg instanceof Value.Int z && z.v() == 0) return fail(in, t, c, e); // glibc tests for a null set
        Value.Ptr set = LibraryFunctions.ptr(setArg, name);
        switch (s.op()) {
            case "empty", "fill" -> {
                lib.access(c, set, 8, true, call, name);
                if (!c.dry) st.mem.write(set.obj(), set.off(), WORD, Value.of(s.op().equals("fill") ? FILLED : 0));
                return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
            }
            case "is-empty" -> {
                return in.finishCall(t, c, e, Value.of(word(st, lib, c, call, name, set) == 0 ? 1 : 0), IntConversions.INT);
            }
            case "and", "or" -> {
                long l = word(st, lib, c, call, name, LibraryFunctions.ptr(LibraryBehaviour.arg(args, s.left()), name));
                long r = word(st, lib, c, call, name, LibraryFunctions.ptr(LibraryBehaviour.arg(args, s.right()), name));
                lib.access(c, set, 8, true, call, name);
                if (!c.dry) st.mem.write(set.obj(), set.off(), WORD, Value.of(s.op().equals("and") ? l & r : l | r));
                return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
            }
            default -> {
                if (!(LibraryBehaviour.arg(args, s.sig()) instanceof Value.Int sig)) throw Abandon.unsupported(name + " of an unknown signal");
                long g = sig.v();
                boolean member = s.op().equals("member");
                if (g <= 0 || g >= 65 || !member && (g == 32 || g == 33)) return fail(in, t, c, e);
                long w = word(st, lib, c, call, name, set);
                long bit = 1L << (g - 1);
                if (member) return in.finishCall(t, c, e, Value.of((w & bit) != 0 ? 1 : 0), IntConversions.INT);
                lib.access(c, set, 8, true, call, name);
                if (!c.dry) st.mem.write(set.obj(), set.off(), WORD, Value.of(s.op().equals("add") ? w | bit : w & ~bit));
                return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
            }
        }
    }

    private static boolean action(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call,
                                  String name, Semantics.SignalAction a, List<Value> args) {
        if (!(LibraryBehaviour.arg(args, a.old()) instanceof Value.Int o && o.v() == 0)) {
            throw Abandon.unsupported(name + " with an old action (the disposition before is the world's)");
        }
        if (!(LibraryBehaviour.arg(args, a.sig()) instanceof Value.Int sig)) throw Abandon.unsupported(name + " of an unknown signal");
        long g = sig.v();
        Value act = LibraryBehaviour.arg(args, a.act());
        boolean installs = !(act instanceof Value.Int z && z.v() == 0);
        if (g <= 0 || g >= 65 || g == 32 || g == 33 || installs && (g == 9 || g == 19)) return fail(in, t, c, e);
        if (installs) {
            long size = LibraryBehaviour.pointeeOr(call.args().get(a.act()), new CType.Int("char", 1, 1, true)).size();
            lib.access(c, LibraryFunctions.ptr(act, name), Math.max(1, size), false, call, name);
        }
        return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
    }

    /** The first word of the set at {@code p}, read as glibc reads it. */
    private static long word(ExecState st, LibraryFunctions lib, Ctx c, Stmt.Call call, String name, Value.Ptr p) {
        lib.access(c, p, 8, false, call, name);
        if (!(st.mem.read(p.obj(), p.off(), WORD) instanceof Value.Int w)) throw Abandon.unsupported(name + " of an unknown set");
        return w.v();
    }

    /** -1 with {@code errno} {@code EINVAL}. */
    private static boolean fail(Interpreter in, ThreadState t, Ctx c, Edge e) {
        if (!c.dry) in.st.setErrno(t, ExecState.EINVAL);
        return in.finishCall(t, c, e, Value.of(-1), IntConversions.INT);
    }
}
