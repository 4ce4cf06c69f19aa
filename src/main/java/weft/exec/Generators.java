package weft.exec;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.IntConversions;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.List;

/**
 * The C library's pseudo-random generators. Those on hidden state ({@link Semantics.RandomInt}: {@code rand},
 * {@code random}, {@code lrand48}, {@code mrand48}, {@code drand48}) give inputs: the state is the library's and its
 * seed often the world's ({@code srand(time(NULL))}), so the search chooses each value and records it, and the
 * reproducer's wrappers return it ({@code drand48}: the 48-bit state chosen, its value {@code X * 2^-48} as glibc builds
 * it). Those on the program's own state are computed as glibc computes them, the state read and written back:
 * {@code rand_r} ({@link Semantics.SeededRandom}) and {@code erand48}, {@code nrand48}, {@code jrand48}
 * ({@link Semantics.Rand48}: the 48-bit linear congruential step {@code X = 0x5DEECE66D * X + 11 mod 2^48} on the
 * three {@code unsigned short}s, with glibc's default multiplier and addend: {@code lcong48}, which changes them, has
 * no model).
 */
final class Generators {
    private Generators() {
    }

    static final long A48 = 0x5DEECE66DL, C48 = 0xB, MASK48 = (1L << 48) - 1;

    static boolean handles(Semantics sem) {
        return sem instanceof Semantics.SeededRandom || sem instanceof Semantics.Rand48;
    }

    /** A value of a generator on hidden state: an input, recorded (none when the result is not used). */
    static boolean input(Interpreter in, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Semantics.RandomInt r) {
        ExecState st = in.st;
        if (call.result() == null || c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        long bits = st.pickValue(2) == 0 ? 0 : st.randomBits();
        // recorded: the value, or (drand48) its 48 bits
        long recorded = switch (r.form()) {
            case "signed" -> (int) bits;
            case "double" -> bits & MASK48;
            default -> bits & 0x7fffffffL;
        };
        st.logNondet(name, call.loc(), Long.toString(recorded));
        if (r.form().equals("double")) return in.finishCall(t, c, e, new Value.Flt(Math.scalb((double) recorded, -48)), null);
        return in.finishCall(t, c, e, Value.of(recorded), r.form().equals("signed") ? IntConversions.INT : null);
    }

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                       Semantics sem, List<Value> args) {
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
        x = (A48 * x + C48) & MASK48;
        lib.access(c, p, 6, true, call, name);
        if (!c.dry) for (int i = 0; i < 3; i++) st.mem.writeRaw(p.obj(), p.off() + 2L * i, 2, (x >>> (16 * i)) & 0xffff);
        return switch (r.form()) {
            case "double" -> in.finishCall(t, c, e, new Value.Flt(Math.scalb((double) x, -48)), null);
            case "signed" -> in.finishCall(t, c, e, Value.of((int) (x >>> 16)), null);
            default -> in.finishCall(t, c, e, Value.of(x >>> 17), null);
        };
    }
}
