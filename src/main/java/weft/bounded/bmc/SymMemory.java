package weft.bounded.bmc;

import com.microsoft.z3.BitVecSort;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import weft.bounded.seq.Sequentialiser;
import weft.ir.Program;
import weft.ir.Variable;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The byte memory of the sequentialised program: a map from addresses (bit-vectors of the data model's pointer
 * width) to bytes, over a fixed layout. The scheduler's and instrumentation's own objects
 * ({@link Sequentialiser#RUNTIME_OBJECTS}) come first, in {@code [RUNTIME_BASE, runtimeEnd)}, then the program's
 * static objects (globals, static locals, string literals, and the sequentialiser's statics holding the threads'
 * locals), then the frames of the sequential program's own address-taken locals, then the heap from
 * {@link #HEAP_BASE}, where each allocation takes the next free block (never reused). Objects are aligned to 16
 * bytes and separated by a gap of 16 bytes, so distinct objects never overlap. Values are little-endian, as on the data
 * models Weft supports. Static objects start zeroed, as C's static storage does; heap blocks get unconstrained
 * contents when allocated.
 *
 * <p>What this layout assumes (the proofs' argument repeats it): the program's behaviour does not depend on the
 * numeric values of addresses of distinct objects beyond their being distinct and non-overlapping (C leaves relational
 * comparisons of pointers into different objects undefined and their integer values implementation-defined).
 */
final class SymMemory {
    static final long RUNTIME_BASE = 0x10_0000L;
    static final long HEAP_BASE = 0x4000_0000L;
    static final long FUNCTION_BASE = 0x3000_0000L;

    private final Context ctx;
    private final int pointerBytes;
    private final Map<Variable, Long> statics = new LinkedHashMap<>();
    private final Map<String, Long> functions = new HashMap<>();
    private final long runtimeEnd;
    private long next;
    private final Candidates cands = new Candidates();
    /** The encoding's count of its work, which every memory of it adds to. */
    final Effort effort = new Effort();

    SymMemory(Context ctx, Program program) {
        this.ctx = ctx;
        this.pointerBytes = program.dataModel().pointerSize;
        long a = RUNTIME_BASE;
        for (Variable v : program.globals()) {
            if (!Sequentialiser.RUNTIME_OBJECTS.contains(v.name())) continue;
            statics.put(v, a);
            a = align(a + Math.max(1, v.type().size()));
        }
        runtimeEnd = a;
        for (Variable v : program.globals()) {
            if (statics.containsKey(v)) continue;
            statics.put(v, a);
            a = align(a + Math.max(1, v.type().size()));
        }
        next = a;
    }

    private static long align(long a) {
        return ((a + 15) & ~15L) + 16;
    }

    /** The value sets of this encoding's terms ({@link Candidates}). */
    Candidates candidates() {
        return cands;
    }

    int pointerBytes() {
        return pointerBytes;
    }

    int pointerBits() {
        return 8 * pointerBytes;
    }

    /** The address of static object {@code v}, or -1 if it is none. */
    long staticAddress(Variable v) {
        return statics.getOrDefault(v, -1L);
    }

    /** A new block of {@code size} bytes for an address-taken local of one function instance. */
    long frameObject(long size) {
        long a = next;
        next = align(a + Math.max(1, size));
        if (next >= FUNCTION_BASE) throw new IllegalStateException("frames exceed their address range");
        return a;
    }

    /** The address of function {@code name} (one per name, outside every object). */
    long functionAddress(String name) {
        return functions.computeIfAbsent(name, n -> FUNCTION_BASE + 16L * functions.size());
    }

    Expr<BitVecSort> address(long a) {
        return ctx.mkBV(Long.toUnsignedString(a), pointerBits());
    }

    /**
     * The memory before the program runs: every byte zero (static storage; heap blocks get fresh contents when they
     * are allocated: {@link LibraryEffects}).
     */
    Bytes initial() {
        return new Bytes(ctx, cands, effort, pointerBits(), Map.of(), Rest.zero(ctx));
    }

    /** SymMemory after code the encoding does not follow wrote anything anywhere: fresh except the runtime's objects. */
    Bytes havoc(Bytes mem, String fresh) {
        return mem.havocExcept(RUNTIME_BASE, runtimeEnd, fresh);
    }

    /** The {@code n} bytes at {@code addr} as one little-endian bit-vector. */
    Expr<BitVecSort> read(Bytes mem, Expr<BitVecSort> addr, int n) {
        Expr<BitVecSort> v = mem.read(addr);
        for (int i = 1; i < n; i++) v = ctx.mkConcat(mem.read(plus(addr, i)), v);
        return v;
    }

    /** {@code mem} with the bytes of {@code value} (little-endian) stored from {@code addr}. */
    Bytes write(Bytes mem, Expr<BitVecSort> addr, Expr<BitVecSort> value) {
        int n = value.getSort().getSize() / 8;
        if (addr instanceof com.microsoft.z3.BitVecNum a) {
            java.util.List<Expr<BitVecSort>> bytes = new java.util.ArrayList<>(n);
            for (int i = 0; i < n; i++) bytes.add(n == 1 ? value : ctx.mkExtract(8 * i + 7, 8 * i, value));
            return mem.writeAll(a.getBigInteger().longValue(), bytes);
        }
        Bytes m = mem;
        for (int i = 0; i < n; i++) m = m.write(plus(addr, i), n == 1 ? value : ctx.mkExtract(8 * i + 7, 8 * i, value));
        return m;
    }

    Expr<BitVecSort> plus(Expr<BitVecSort> addr, long i) {
        if (i == 0) return addr;
        if (addr instanceof com.microsoft.z3.BitVecNum n) return address(n.getBigInteger().longValue() + i);
        return ctx.mkBVAdd(addr, address(i));
    }
}
