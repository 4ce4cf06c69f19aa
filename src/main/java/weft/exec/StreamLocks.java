package weft.exec;

import static weft.exec.Errno.*;

import weft.exec.state.Abandon;
import weft.exec.state.Memory;
import weft.exec.state.Sync;
import weft.exec.state.Value;
import weft.ir.Edge;
import weft.ir.IntConversions;
import weft.ir.Stmt;
import weft.model.LibraryModel;
import weft.model.Semantics;

import java.util.List;
import java.util.Map;

/**
 * A stream's own lock ({@link Semantics.StreamLock}): {@code flockfile}, {@code ftrylockfile} and
 * {@code funlockfile} of a standard stream or one the run opened. POSIX (XSH flockfile): the lock is recursive and held
 * by one thread; {@code ftrylockfile} returns 0 when it acquires it and nonzero otherwise (glibc's
 * {@code _IO_lock_trylock}: {@code EBUSY}); {@code funlockfile} by a thread that does not hold it is undefined (the run
 * stops). C11 7.21.2p8: every function that reads, writes or positions a stream takes the stream's lock, so while a
 * thread holds it, another thread's call on that stream waits ({@link #waits}).
 *
 * <p>Soundness. The witness search only ever makes the steps a real execution may make: a call that the lock makes
 * wait is not taken (a call whose stream is not among its arguments, {@code printf}'s standard output, waits while
 * another thread holds any stream's lock, which only leaves schedules out). The exhaustive exploration stops at the
 * three calls (a proof would have to order them against every stream call, which its footprints do not record), so a
 * race-free answer never rests on them. The thread-modular layer does not take the lock for one (the table's event is
 * the calls' accesses), which only keeps more pairs. The reproducer makes the three calls schedule points
 * ({@code sync-calls.tsv}), so the real calls happen in the witness's order.
 */
final class StreamLocks {
    /** glibc's answer of {@code ftrylockfile} when another thread holds the lock. */

    private StreamLocks() {
    }

    static boolean handles(Semantics sem) {
        return sem instanceof Semantics.StreamLock;
    }

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Semantics sem,
                       List<Value> args) {
        Semantics.StreamLock sl = (Semantics.StreamLock) sem;
        ExecState st = in.st;
        c.visible = true;
        if (st.exhaustive) st.chooser.proofGap(name + ": a stream's lock, which a proof does not order against the stream's calls");
        Value v = LibraryBehaviour.arg(args, sl.stream());
        int obj = Streams.known(st, v, name);
        Sync.Key k = new Sync.Key(obj, 0);
        Sync.Lock s = st.sync.locks.get(k);
        if (s != null && s.type != Sync.MutexType.STREAM) throw Abandon.unsupported(name + " of a stream used as another lock");
        boolean mine = s != null && s.writer == t.index;
        boolean other = s != null && s.writer >= 0 && !mine;
        if (other && sl.op().equals("lock")) return false; // it waits
        if (!c.dry) {
            st.beforeLockChange();
            if (st.mem.footprint != null) st.mem.footprint.add(k.obj(), k.off(), k.off() + 1, Memory.Footprint.WRITE);
        }
        switch (sl.op()) {
            case "unlock" -> {
                if (!mine) throw Abandon.unsupported(name + " of a stream the thread has not locked");
                if (!c.dry) {
                    if (s.depth > 0) s.depth--;
                    else s.writer = -1;
                }
                return in.finishCall(t, c, e, Value.ZERO, null);
            }
            case "lock", "try" -> {
                boolean trying = sl.op().equals("try");
                if (other) return in.finishCall(t, c, e, Value.of(EBUSY), IntConversions.INT);
                if (!c.dry) take(st, t, k, s);
                return in.finishCall(t, c, e, Value.ZERO, trying ? IntConversions.INT : null);
            }
            default -> throw new IllegalStateException(sl.op());
        }
    }

    private static void take(ExecState st, ThreadState t, Sync.Key k, Sync.Lock held) {
        if (held != null && held.writer == t.index) {
            held.depth++;
            return;
        }
        Sync.Lock w = st.sync.lock(k);
        w.type = Sync.MutexType.STREAM;
        w.writer = t.index;
        w.depth = 0;
    }

    /**
     * Whether thread {@code t}'s call of {@code model}, which takes a stream's lock (the table's {@code streambuf}
     * calls: C11 7.21.2p8), must wait: another thread holds the lock of a stream among its arguments, or of any stream
     * when none of its arguments is one (the standard stream of {@code printf}, the streams {@code exit} flushes).
     */
    static boolean waits(ExecState st, ThreadState t, LibraryModel model, List<Value> args) {
        if (!model.facts().followsLocked(weft.model.LibcFacts.STREAM_BUFFERS) || Semantics.of(model.name()) instanceof Semantics.StreamLock) return false;
        boolean any = false;
        for (Map.Entry<Sync.Key, Sync.Lock> l : st.sync.locks.entrySet()) {
            Sync.Lock s = l.getValue();
            if (s.type == Sync.MutexType.STREAM && s.writer >= 0 && s.writer != t.index) {
                any = true;
                break;
            }
        }
        if (!any) return false;
        boolean named = false;
        for (Value v : args) {
            if (!Streams.isStream(st, v)) continue;
            named = true;
            Sync.Lock s = st.sync.locks.get(new Sync.Key(((Value.Ptr) v).obj(), 0));
            if (s != null && s.type == Sync.MutexType.STREAM && s.writer >= 0 && s.writer != t.index) return true;
        }
        return !named;
    }
}
