package weft.exec;

import weft.exec.state.*;

import weft.ir.Edge;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.List;

/**
 * {@code setjmp} and {@code longjmp} ({@link Semantics.SetJump}, {@link Semantics.LongJump}): {@code setjmp} returns
 * 0 and records where it was called, by the {@code jmp_buf} it filled: the thread, the activation (its serial number,
 * {@link Frame#serial}) and the call; {@code longjmp(env, val)} in the same thread, while that activation is still on
 * its stack, ends the activations above it (their objects die) and makes that {@code setjmp} call return {@code val}
 * (1 for 0), C11 7.13.2.1.
 *
 * <p>Must-soundness: exactly what C defines; every case C leaves undefined or that the models do not cover stops the
 * execution: a {@code jmp_buf} no {@code setjmp} of the run filled, another thread's, an activation that has returned,
 * leaving a {@code pthread_once} routine or an atomic section. Locals of the target activation keep the values they
 * hold in memory, as the reproducer's {@code -O0} build keeps them (C makes a non-volatile local changed after the
 * {@code setjmp} indeterminate). Proofs stop at {@code longjmp} ({@code setjmp} returns 0 there, as before: with no
 * jump, it returns only 0); so do atomic sections, whose speculative runs would not roll a jump back.
 */
final class Jumps {
    private Jumps() {}

    /** A {@code setjmp} call: its thread, its activation, its call edge. */
    record Point(int thread, long serial, Edge call) {}

    static boolean handles(Semantics s) {
        return s instanceof Semantics.SetJump || s instanceof Semantics.LongJump;
    }

    static long key(Value.Ptr env) {
        return ((long) env.obj() << 32) ^ env.off();
    }

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Semantics sem,
                       List<Value> args) {
        ExecState st = in.st;
        if (sem instanceof Semantics.SetJump sj) {
            Value.Ptr env = LibraryFunctions.ptr(LibraryBehaviour.arg(args, sj.env()), name);
            // setjmp writes the jmp_buf (its event's access, which proofs check as before)
            long size = LibraryBehaviour.pointeeOr(call.args().get(sj.env()), new weft.ir.CType.Int("char", 1, 1, true)).size();
            lib.access(c, env, Math.max(1, size), true, call, name);
            if (!c.dry && !st.exhaustive) st.jumpPoints.put(key(env), new Point(t.index, t.top().serial, e));
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        Semantics.LongJump lj = (Semantics.LongJump) sem;
        if (st.exhaustive) throw Abandon.unsupported(name + " in a proof");
        if (st.speculating || t.inAtomic()) throw Abandon.unsupported(name + " in an atomic section");
        Value.Ptr env = LibraryFunctions.ptr(LibraryBehaviour.arg(args, lj.env()), name);
        if (!(LibraryBehaviour.arg(args, lj.value()) instanceof Value.Int v)) throw Abandon.unsupported(name + " value " + args.get(lj.value()));
        Point p = st.jumpPoints.get(key(env));
        if (p == null) throw Abandon.unsupported(name + " to a jmp_buf no setjmp of the run filled");
        if (p.thread() != t.index) throw Abandon.unsupported(name + " to another thread's setjmp");
        int target = -1;
        for (int i = t.stack.size() - 1; i >= 0; i--) {
            if (t.stack.get(i).serial == p.serial()) {
                target = i;
                break;
            }
        }
        if (target < 0) throw Abandon.unsupported(name + " to a function that has returned");
        for (int i = target + 1; i < t.stack.size(); i++) {
            if (t.stack.get(i).onceKey != null) throw Abandon.unsupported(name + " out of a pthread_once routine");
        }
        c.visible = true;
        if (c.dry) return true;
        while (t.stack.size() > target + 1) in.popFrame(t);
        t.ownTop();
        Frame f = t.top();
        Stmt.Call setjmp = (Stmt.Call) p.call().stmt();
        if (setjmp.result() != null) {
            c.frame = f;
            in.ev.store(setjmp.result(), Value.of(v.v() == 0 ? 1 : (int) v.v()), null, c, setjmp.loc());
        }
        f.node = p.call().to();
        return true;
    }
}
