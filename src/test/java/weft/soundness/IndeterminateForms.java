package weft.soundness;

import java.util.function.BiFunction;
import java.util.function.IntSupplier;

/**
 * Indeterminate values for {@link ProgramGenerator} (area 2 of issue 31: uninitialised locals and fresh
 * {@code malloc} contents, which the bounded layer took as fixed). An access is made under a value read before any
 * write: a branch on an uninitialised local, a pointer whose target it picks ({@code if (u) p = &obj; else p = &d;}),
 * an index it gives, a branch on a {@code malloc}'d cell read before it is written, on a {@code memcpy} copy of an
 * uninitialised local, or on the part a {@code realloc} added. In Weft's rendering the value
 * stays indeterminate; the oracles' renderings initialise it with an input ({@code $<...>$}, see {@link GenProgram}),
 * which every closed variant enumerates and TSan draws at random, so the oracles see every behaviour the value allows.
 * Never a lock through an uninitialised pointer (undefined behaviour): the locks stay determinate.
 */
final class IndeterminateForms {
    /**
     * {@code COPY}: the branch is on a copy that {@code memcpy} made of an uninitialised local (a copy of an
     * indeterminate value is indeterminate); {@code REALLOC}: on the part a {@code realloc} added to a block;
     * {@code ZEROED}: on a member a brace initialiser does not name, which is zero (C11 6.7.9p21), so the access never
     * happens (a trap for a layer that would take it for indeterminate; not a hole); {@code STEP}: the element of a
     * member array an uninitialised offset gives, with no mask ({@code *(o.buf + u)}, 0..3 for the oracles): any value
     * to Weft, but C11 6.5.6p8 keeps the step in the member, so an execution that steps onto a sibling member is
     * undefined, not a race (a trap for a layer that would run it: mut-35, the exploration alone answered false so);
     * {@code ALLOC}: where a {@code malloc} returned null, which the oracles' renderings make happen by an input (a
     * failed allocation is no indeterminate value, but a result the library may give: D24, the exploration took every
     * allocation to succeed); {@code CREATE}: where a {@code pthread_create} of an idle thread, whose result the
     * program checks, failed (EAGAIN), which the oracles' renderings make happen by an input (D25); {@code SPECIFIC}:
     * where {@code pthread_getspecific} does not give back the value just set, because the {@code pthread_setspecific}
     * failed (ENOMEM), which the oracles' renderings make happen by an input (D24); {@code ALIGNED}: on a cell of a
     * {@code posix_memalign}'d block read before it is written (issue 35: the exploration allocates it itself, its bytes
     * indeterminate as {@code malloc}'s).
     */
    enum Form { BRANCH, POINTER, HEAP, INDEX, COPY, REALLOC, ZEROED, STEP, ALLOC, CREATE, SPECIFIC, ALIGNED;

        /**
         * The forms that fit an object ({@code INDEX} needs one that can be indexed, {@code STEP} an array that is a
         * struct member).
         */
        static java.util.List<Form> fitting(boolean indexable, boolean memberArray) {
            java.util.List<Form> out = new java.util.ArrayList<>(java.util.List.of(BRANCH, POINTER, HEAP, COPY, REALLOC, ZEROED, ALLOC, ALIGNED));
            if (indexable) out.add(INDEX);
            if (memberArray) out.add(STEP);
            return out;
        }
    }

    /** The routine of the idle threads of {@link Form#CREATE}. */
    static final String IDLE = "static void *weft_idle(void *a) { return a; }";

    private final IntSupplier names;
    private final BiFunction<Integer, Integer, String> input; // (lo, hi) -> "$Nk$"

    IndeterminateForms(IntSupplier names, BiFunction<Integer, Integer, String> input) {
        this.names = names;
        this.input = input;
    }

    /** The declaration of an uninitialised local, initialised with an input in {@code lo..hi} for the oracles. */
    String local(String v, int lo, int hi) {
        return "int " + v + "$< = " + input.apply(lo, hi) + ">$;";
    }

    /**
     * A statement making {@code access} (a statement over {@code $LV$}) on {@code lv} under an indeterminate value;
     * {@code array}: the array of four the object has ({@code array[0..3]}), for {@link Form#INDEX} and {@link Form#STEP}.
     */
    String access(Form f, String lv, String array, java.util.function.UnaryOperator<String> access) {
        int k = names.getAsInt();
        String u = "u" + k;
        return switch (f) {
            case BRANCH -> "{ " + local(u, 0, 1) + " if (" + u + ") " + access.apply(lv) + " }";
            case POINTER -> "{ " + local(u, 0, 1) + " int d" + k + " = 0; int *p" + k + "; if (" + u + ") p" + k + " = &(" + lv
                    + "); else p" + k + " = &d" + k + "; " + access.apply("*p" + k) + " r += d" + k + "; }";
            case HEAP -> "{ int *c" + k + " = malloc(sizeof(int)); if (c" + k + ") { $<*c" + k + " = " + input.apply(0, 1) + "; >$if (*c" + k
                    + ") " + access.apply(lv) + " free(c" + k + "); } }";
            case INDEX -> "{ " + local(u, 0, 3) + " " + access.apply(array + "[" + u + " & 3]") + " }";
            case COPY -> "{ " + local(u, 0, 1) + " int v" + k + "; memcpy(&v" + k + ", &" + u + ", sizeof v" + k + "); if (v" + k + ") "
                    + access.apply(lv) + " }";
            case REALLOC -> "{ int *c" + k + " = malloc(sizeof(int)); if (c" + k + ") { *c" + k + " = 0; int *g" + k + " = realloc(c" + k
                    + ", 2 * sizeof(int)); if (g" + k + ") { $<g" + k + "[1] = " + input.apply(0, 1) + "; >$if (g" + k + "[1]) " + access.apply(lv)
                    + " free(g" + k + "); } else free(c" + k + "); } }";
            case STEP -> "{ " + local(u, 0, 3) + " " + access.apply("*(" + array + " + " + u + ")") + " }";
            case ALLOC -> "{ int *c" + k + " = malloc(sizeof(int)); $<if (" + input.apply(0, 1) + ") { free(c" + k + "); c" + k + " = 0; } >$if (!c" + k
                    + ") " + access.apply(lv) + " else { *c" + k + " = 1; r += *c" + k + "; free(c" + k + "); } }";
            case CREATE -> "{ pthread_t cf" + k + "; if (($<" + input.apply(0, 1) + " ? 11 : >$pthread_create(&cf" + k + ", 0, weft_idle, 0)) != 0) "
                    + access.apply(lv) + " else pthread_join(cf" + k + ", 0); }";
            case SPECIFIC -> "{ pthread_key_t k" + k + "; int v" + k + " = 0; if (pthread_key_create(&k" + k + ", 0) == 0) { if (($<"
                    + input.apply(0, 1) + " ? 12 : >$pthread_setspecific(k" + k + ", &v" + k + ")) != 0 || pthread_getspecific(k" + k + ") != &v" + k
                    + ") " + access.apply(lv) + " pthread_key_delete(k" + k + "); } r += v" + k + "; }";
            case ALIGNED -> "{ void *a" + k + " = 0; if (posix_memalign(&a" + k + ", 16, sizeof(int)) == 0) { int *c" + k + " = a" + k + "; $<*c" + k
                    + " = " + input.apply(0, 1) + "; >$if (*c" + k + ") " + access.apply(lv) + " free(c" + k + "); } }";
            case ZEROED -> "{ struct { int a; union { int x; int y; }; } z" + k + " = {1}; if (z" + k + ".x) " + access.apply(lv) + " }";
        };
    }
}
