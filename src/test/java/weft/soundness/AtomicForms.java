package weft.soundness;

import weft.soundness.GenProgram.Node;

import java.util.List;
import java.util.Random;

/**
 * The {@code <stdatomic.h>} constructs of {@link ProgramGenerator} (area 1 of issue 31: pointers published through
 * the standard atomic macros, which gcc expands into {@code __auto_type} temporaries and the generic
 * {@code __atomic_store(ptr, &tmp, mo)} builtins). Two object shapes:
 * <ul>
 * <li>a published struct: {@code struct oN_t { int x; int y; } oN_obj; struct oN_t *_Atomic oN_h;}, published by
 * main before the threads start with {@code atomic_store}, {@code atomic_init}, {@code atomic_exchange} or
 * {@code atomic_compare_exchange_strong}, and accessed both directly ({@code oN_obj.x}) and through the pointer read
 * back ({@code atomic_load(&oN_h)->x}), under the object's discipline;</li>
 * <li>an {@code _Atomic struct} stored, loaded, exchanged and compared-and-swapped whole (race-free by itself).</li>
 * </ul>
 * All choices come from the generator's second random source, so programs without these shapes keep their text.
 */
final class AtomicForms {
    private AtomicForms() {}

    /** The declarations of a published struct and its publication (before the threads start). */
    static void declarePublished(String n, Random r, List<String> decls, List<Node> init) {
        decls.add("struct " + n + "_t { int x; int y; } " + n + "_obj;");
        decls.add("struct " + n + "_t *_Atomic " + n + "_h;");
        init.add(Node.stmt(-1, publish(n, r), false));
    }

    private static String publish(String n, Random r) {
        String p = "&" + n + "_obj";
        return switch (r.nextInt(4)) {
            case 0 -> "atomic_store(&" + n + "_h, " + p + ");";
            case 1 -> "atomic_init(&" + n + "_h, " + p + ");";
            case 2 -> "{ struct " + n + "_t *old = atomic_exchange(&" + n + "_h, " + p + "); r += old != 0; }";
            default -> "{ struct " + n + "_t *e = 0; atomic_compare_exchange_strong(&" + n + "_h, &e, " + p + "); }";
        };
    }

    /** An lvalue of a published struct: a member, directly or through the pointer loaded from the holder. */
    static String publishedLvalue(String n, Random r) {
        String m = r.nextBoolean() ? "x" : "y";
        return r.nextBoolean() ? n + "_obj." + m : "atomic_load(&" + n + "_h)->" + m;
    }

    /**
     * The hole {@code ATOMIC_PUBLISH}, reader's side: the pointer loaded from the holder, the object accessed through
     * it, unprotected.
     */
    static String reader(String n, String member, String access) {
        return "{ struct " + n + "_t *q = atomic_load(&" + n + "_h); " + access.replace("$LV$", "q->" + member) + " }";
    }

    /**
     * The hole {@code ATOMIC_PUBLISH}, publisher's side (main's concurrent part): publishes the object again, then
     * accesses it directly, unprotected: the publication does not order that access before the reader's.
     */
    static String publisher(String n, String member, Random r, String access) {
        return publish(n, r).replace("r += old != 0; ", "") + " " + access.replace("$LV$", n + "_obj." + member);
    }

    /** The declaration of an {@code _Atomic struct} object. */
    static void declareWhole(String n, List<String> decls) {
        decls.add("struct " + n + "_t { int x; int y; };");
        decls.add("_Atomic struct " + n + "_t " + n + ";");
    }

    /** One operation on an {@code _Atomic struct}, whole: a load (op 0) or a store, exchange or compare-and-swap. */
    static String wholeOp(String n, int op, Random r) {
        String t = "struct " + n + "_t";
        return switch (op) {
            case 0 -> "{ " + t + " v = atomic_load(&" + n + "); r += v.x + v.y; }";
            case 1 -> "{ " + t + " v = {" + (1 + r.nextInt(3)) + ", 2}; atomic_store(&" + n + ", v); }";
            case 2 -> "{ " + t + " v = {3, 4}; v = atomic_exchange(&" + n + ", v); r += v.x; }";
            default -> "{ " + t + " e = atomic_load(&" + n + "); " + t + " d = {e.x + 1, e.y}; r += atomic_compare_exchange_strong(&"
                    + n + ", &e, d); }";
        };
    }

    /** The hole {@code ATOMIC_STRUCT_PLAIN}: a member written or read through a plain pointer to the atomic struct. */
    static String wholePlain(String n, int op) {
        String p = "((struct " + n + "_t *) &" + n + ")->x";
        return op == 0 ? "r += " + p + ";" : p + " = " + (op + 4) + ";";
    }

    /**
     * The hole {@code ATOMIC_COUNTER_GATE}: {@code access}, made only when an atomic read-modify-write of a counter of its
     * own (a static local, shared by every thread that runs it) returns a chosen value. Fetch-and-op forms return the
     * old value, op-and-fetch forms the new one, so whether the first, a later or every execution makes the access
     * depends on the form: the oracles run it (soundness defect D18).
     */
    static String counterGate(int k, Random r, String access) {
        String c = "gate" + k;
        String test = switch (r.nextInt(8)) {
            case 0 -> "__atomic_add_fetch(&" + c + ", 1, __ATOMIC_SEQ_CST) >= 1";
            case 1 -> "__atomic_fetch_add(&" + c + ", 1, __ATOMIC_SEQ_CST) >= 1";
            case 2 -> "__sync_add_and_fetch(&" + c + ", 1) == 1";
            case 3 -> "__sync_fetch_and_add(&" + c + ", 1) == 1";
            case 4 -> "__atomic_sub_fetch(&" + c + ", 1, __ATOMIC_SEQ_CST) < 0";
            case 5 -> "__atomic_fetch_sub(&" + c + ", 1, __ATOMIC_SEQ_CST) < 0";
            case 6 -> "__atomic_or_fetch(&" + c + ", 2, __ATOMIC_SEQ_CST) == 2";
            default -> "__atomic_fetch_or(&" + c + ", 2, __ATOMIC_SEQ_CST) == 2";
        };
        return "{ static int " + c + "; if (" + test + ") { " + access + " } }";
    }
}
