package weft.exec;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.IntConversions;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.List;

/**
 * The C library's pseudo-random generators, computed as glibc computes them. Those on hidden state
 * ({@link Semantics.RandomInt}: {@code rand}, {@code random} — the additive feedback generator of
 * {@code stdlib/random_r.c}; {@code lrand48}, {@code mrand48}, {@code drand48} — the 48-bit linear congruential one)
 * step the run's {@link RandomState} ({@link Sync#random}), which {@link Semantics.RandomSeed} sets: {@code srand},
 * {@code srandom}, {@code srand48}, {@code seed48}, {@code lcong48}; a process starts as if {@code srandom(1)} had run
 * and with the 48-bit state 0. Their values were once taken for inputs ("the seed is often the world's"); but a seed
 * from the world ({@code srand(time(NULL))}) is a value the run has chosen, and without one the sequence is glibc's
 * fixed one: a run that chose {@code rand() == 0} where glibc gives 1804289383 was no execution of the program, and a
 * race behind it was confirmed that cannot happen (audit D50). Each value is still recorded: the reproducer's wrappers
 * give it back (two threads' calls may come in another order in the replay). A proof stops at these calls (the state
 * is not part of the explored state). Those on the program's own state are computed the same way, the state read and
 * written back: {@code rand_r} ({@link Semantics.SeededRandom}) and {@code erand48}, {@code nrand48}, {@code jrand48}
 * ({@link Semantics.Rand48}: the 48-bit step {@code X = a * X + c mod 2^48} on the three {@code unsigned short}s, with
 * the multiplier and addend of the run's state, glibc's defaults unless {@code lcong48} changed them).
 */
final class Generators {
    private Generators() {
    }

    static boolean handles(Semantics sem) {
        return sem instanceof Semantics.SeededRandom || sem instanceof Semantics.Rand48 || sem instanceof Semantics.RandomSeed;
    }

    /** A value of a generator on hidden state: glibc's next, the state stepped, recorded. */
    static boolean input(Interpreter in, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Semantics.RandomInt r) {
        ExecState st = in.st;
        if (st.exhaustive) throw Abandon.unsupported(name + ": the generator's state is not part of a proof's");
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        RandomState g = st.sync.random;
        long recorded;
        st.beforeSyncChange();
        if (r.gen48()) {
            long x = g.step48(g.x48());
            g.set48(x, g.a48(), g.c48());
            recorded = switch (r.form()) {
                case "signed" -> (int) (x >>> 16);
                case "double" -> x;
                default -> x >>> 17;
            };
        } else {
            recorded = g.next();
        }
        // recorded: the value, or (drand48) its 48 bits; also when the program drops it (the reproducer's wrapper
        // takes one answer per call, in order)
        st.logNondet(name, call.loc(), Long.toString(recorded));
        if (call.result() == null) return in.finishCall(t, c, e, Value.ZERO, null);
        if (r.form().equals("double")) return in.finishCall(t, c, e, new Value.Flt(Math.scalb((double) recorded, -48)), null);
        return in.finishCall(t, c, e, Value.of(recorded), r.form().equals("signed") ? IntConversions.INT : null);
    }

    /**
     * {@code srand}, {@code srandom}, {@code srand48}, {@code seed48}, {@code lcong48}: the hidden state set as glibc
     * sets it ({@code seed48} returns the state before in its static array, the function's buffer).
     */
    private static boolean seed(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                Semantics.RandomSeed s, List<Value> args) {
        ExecState st = in.st;
        if (st.exhaustive) throw Abandon.unsupported(name + ": the generator's state is not part of a proof's");
        CType.Int ushort = new CType.Int("unsigned short", 2, 2, false);
        long[] words = null;
        if (s.op().equals("seed48") || s.op().equals("lcong48")) {
            int n = s.op().equals("seed48") ? 3 : 7;
            Value.Ptr p = LibraryFunctions.ptr(LibraryBehaviour.arg(args, s.arg()), name);
            lib.access(c, p, 2L * n, false, call, name);
            words = new long[n];
            for (int i = 0; i < n; i++) {
                if (!(st.mem.read(p.obj(), p.off() + 2L * i, ushort) instanceof Value.Int w)) throw Abandon.unsupported(name + " of an unknown state");
                words[i] = w.v() & 0xffff;
            }
        }
        Value.Ptr old = s.op().equals("seed48") ? LibraryBehaviour.staticBuffer(st, t, name, 0) : null;
        if (old != null) lib.access(c, old, 6, true, call, name);
        if (c.dry) return in.finishCall(t, c, e, old != null ? old : Value.ZERO, null);
        RandomState g = st.sync.random;
        st.beforeSyncChange();
        switch (s.op()) {
            case "random" -> {
                if (!(LibraryBehaviour.arg(args, s.arg()) instanceof Value.Int seed)) throw Abandon.unsupported(name + " of an unknown seed");
                g.reseed(seed.v() & 0xffffffffL);
            }
            case "srand48" -> {
                if (!(LibraryBehaviour.arg(args, s.arg()) instanceof Value.Int seed)) throw Abandon.unsupported(name + " of an unknown seed");
                g.set48(((seed.v() & 0xffffffffL) << 16) | 0x330e, RandomState.A48, RandomState.C48);
            }
            case "seed48" -> {
                for (int i = 0; i < 3; i++) st.mem.writeRaw(old.obj(), old.off() + 2L * i, 2, (g.x48() >>> (16 * i)) & 0xffff);
                g.set48(words[0] | words[1] << 16 | words[2] << 32, RandomState.A48, RandomState.C48);
                return in.finishCall(t, c, e, old, null);
            }
            case "lcong48" -> g.set48(words[0] | words[1] << 16 | words[2] << 32, words[3] | words[4] << 16 | words[5] << 32, words[6]);
            default -> throw new IllegalStateException(s.op());
        }
        return in.finishCall(t, c, e, Value.ZERO, null);
    }

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                       Semantics sem, List<Value> args) {
        if (sem instanceof Semantics.RandomSeed rs) return seed(in, lib, t, c, e, call, name, rs, args);
        return sem instanceof Semantics.SeededRandom sr ? seeded(in, lib, t, c, e, call, name, sr, args)
                : rand48(in, lib, t, c, e, call, name, (Semantics.Rand48) sem, args);
    }

    /**
     * glibc's {@code rand_r} ({@code stdlib/rand_r.c}): three steps {@code next = next * 1103515245 + 12345} of the
     * unsigned seed, the result built from 11, 10 and 10 bits of {@code next / 65536}; the seed read and written back.
     */
    private static boolean seeded(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                  Semantics.SeededRandom sr, List<Value> args) {
        ExecState st = in.st;
        Value.Ptr p = LibraryFunctions.ptr(LibraryBehaviour.arg(args, sr.seed()), name);
        CType.Int uint = new CType.Int("unsigned int", 4, 4, false);
        lib.access(c, p, 4, false, call, name);
        if (!(st.mem.read(p.obj(), p.off(), uint) instanceof Value.Int seed)) throw Abandon.unsupported(name + " of an unknown seed");
        long next = seed.v() & 0xffffffffL;
        long result = 0;
        int[] bits = {2048, 1024, 1024};
        for (int k = 0; k < 3; k++) {
            next = (next * 1103515245L + 12345L) & 0xffffffffL;
            result = (k == 0 ? 0 : result << 10) ^ ((next / 65536) % bits[k]);
        }
        lib.access(c, p, 4, true, call, name);
        if (!c.dry) st.mem.write(p.obj(), p.off(), uint, Value.of(next));
        return in.finishCall(t, c, e, Value.of(result), IntConversions.INT);
    }

    /**
     * {@code erand48}, {@code nrand48}, {@code jrand48}: one step of the 48-bit generator on the {@code unsigned short[3]}
     * at argument {@code state} (least significant first), written back; the result from the new state: a double
     * {@code X * 2^-48}, its high 31 bits, or its high 32 bits as a signed {@code long}.
     */
    private static boolean rand48(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                  Semantics.Rand48 r, List<Value> args) {
        ExecState st = in.st;
        Value.Ptr p = LibraryFunctions.ptr(LibraryBehaviour.arg(args, r.state()), name);
        lib.access(c, p, 6, false, call, name);
        long x = 0;
        for (int i = 2; i >= 0; i--) {
            if (!(st.mem.read(p.obj(), p.off() + 2L * i, new CType.Int("unsigned short", 2, 2, false)) instanceof Value.Int w)) {
                throw Abandon.unsupported(name + " of an unknown state");
            }
            x = (x << 16) | (w.v() & 0xffff);
        }
        x = st.sync.random.step48(x);
        lib.access(c, p, 6, true, call, name);
        if (!c.dry) for (int i = 0; i < 3; i++) st.mem.writeRaw(p.obj(), p.off() + 2L * i, 2, (x >>> (16 * i)) & 0xffff);
        return switch (r.form()) {
            case "double" -> in.finishCall(t, c, e, new Value.Flt(Math.scalb((double) x, -48)), null);
            case "signed" -> in.finishCall(t, c, e, Value.of((int) (x >>> 16)), null);
            default -> in.finishCall(t, c, e, Value.of(x >>> 17), null);
        };
    }
}
