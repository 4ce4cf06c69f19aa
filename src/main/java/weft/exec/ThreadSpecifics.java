package weft.exec;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.Stmt;
import weft.model.Event;

import java.util.List;

/**
 * Thread-specific data ({@link Event.ThreadSpecific}: {@code pthread_key_create}, {@code pthread_key_delete},
 * {@code pthread_setspecific}, {@code pthread_getspecific} and C11's {@code tss_*}): keys numbered from 1 in the run
 * ({@link Sync#keys}, with whether a destructor was given), each thread's values its own ({@link ThreadState#specific}).
 * A key the run did not create stops it; {@code pthread_setspecific} may fail ({@code ENOMEM}), which a proof does not
 * enumerate (audit D24: it stops there).
 */
final class ThreadSpecifics {
    private ThreadSpecifics() {
    }

    static boolean run(Interpreter in, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Event.SpecificOp op, List<Value> args) {
        ExecState st = in.st;
        switch (op) {
            case CREATE -> {
                Value p = LibraryBehaviour.arg(args, 0);
                if (!(p instanceof Value.Ptr kp)) throw Abandon.unsupported(name + " key pointer " + p);
                Value dtor = args.size() > 1 ? args.get(1) : Value.ZERO;
                CType kt = LibraryBehaviour.pointeeOr(call.args().get(0), new CType.Int("unsigned int", 4, 4, false));
                st.mem.check(kp.obj(), kp.off(), kt.size(), true);
                if (!c.dry) {
                    long k = st.sync.nextKey++;
                    st.sync.keys.put(k, !(dtor instanceof Value.Int i && i.v() == 0));
                    st.mem.write(kp.obj(), kp.off(), kt, Value.of(k));
                }
                if (st.exhaustive) c.record(new ByteAccess(kp.obj(), kp.off(), kt.size(), true, false, call.loc(), "key by " + name).asProofOnly());
                return in.finishCall(t, c, e, Value.ZERO, null);
            }
            case DELETE -> {
                knownKey(st, LibraryBehaviour.arg(args, 0));
                return in.finishCall(t, c, e, Value.ZERO, null);
            }
            case SET -> {
                long k = knownKey(st, LibraryBehaviour.arg(args, 0));
                // it may fail (ENOMEM), leaving the old value, which this search does not enumerate: a proof stops (D24)
                if (st.exhaustive) st.chooser.proofGap(name + " may fail (ENOMEM): an input");
                if (!c.dry) {
                    // the old value may have been the thread's last pointer to an object
                    if (st.mem.footprint != null) st.mem.footprint.dropsPointers = true;
                    t.specific.put(k, LibraryBehaviour.arg(args, 1));
                }
                return in.finishCall(t, c, e, Value.ZERO, null);
            }
            case GET -> {
                long k = knownKey(st, LibraryBehaviour.arg(args, 0));
                return in.finishCall(t, c, e, t.specific.getOrDefault(k, Value.ZERO), null);
            }
            default -> throw new IllegalStateException(op.toString());
        }
    }

    private static long knownKey(ExecState st, Value v) {
        if (!(v instanceof Value.Int i) || !st.sync.keys.containsKey(i.v())) throw Abandon.unsupported("unknown key " + v);
        return i.v();
    }

}
