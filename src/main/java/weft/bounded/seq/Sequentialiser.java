package weft.bounded.seq;

import weft.ir.CType;
import weft.ir.Function;
import weft.ir.GlobalInit;
import weft.ir.Program;
import weft.ir.Variable;
import weft.model.LibraryModels;

import java.util.ArrayList;
import java.util.List;

/**
 * Lazy sequentialisation of a bounded multi-threaded program into one sequential C program with race instrumentation
 * (papers 001 §3 and 000): every thread instance becomes a simulation function ({@link ThreadEmitter}) that the
 * scheduler in {@code main} resumes round-robin for {@link SeqOptions#rounds()} rounds; at each resumption it runs up to
 * a nondeterministically chosen context-switch point {@code w_cs}. A data race of the program within the bounds makes
 * {@code reach_error()} reachable ({@link Instrumentation}); the printed program leaves {@code __VERIFIER_nondet_*},
 * {@code __VERIFIER_assume} and {@code reach_error} to whoever runs or checks it (a C bounded model checker, or a test
 * driver).
 *
 * <p>What the bounds leave out, and so whether an unreachable {@code reach_error()} would be a proof: executions that
 * take more loop iterations, deeper recursion or more threads than the bounds (cut off by {@code w_cut}), or more
 * context switches than the rounds allow; and what the header's notes list. The header says whether any cut-off is
 * present.
 */
public final class Sequentialiser {
    /**
     * The printed program and whether the bounded program has cut-offs or notes (it is then not complete);
     * {@code points}: per thread slot, the statement each context-switch point precedes or is within
     * (null for the first point, before anything), so its size is the slot's {@code w_size}; {@code routines}: per
     * slot, the start routine's link name; {@code origins}: for each line of the text (1-based) that calls a
     * library function, the source location of the call in the input.
     */
    public record Result(String text, boolean cutOffs, List<String> notes, int threads, List<List<SwitchPoint>> points,
                         List<String> routines, java.util.Map<Integer, weft.ir.SourceLoc> origins) {
        public Result {
            origins = java.util.Map.copyOf(origins);
            notes = List.copyOf(notes);
            points = points.stream().map(java.util.Collections::unmodifiableList).toList();
            routines = List.copyOf(routines);
        }

        /** Context-switch points of all threads together (each execution passes each at most once). */
        public int totalPoints() {
            return points.stream().mapToInt(List::size).sum();
        }
    }

    /**
     * The names of the scheduler's and the instrumentation's own objects ({@code w_pc}, {@code w_armed}...): no
     * pointer of the program points into them. String literals ({@code w_str_*}) are the program's.
     */
    public static final java.util.Set<String> RUNTIME_OBJECTS = java.util.Set.of("w_pc", "w_cs", "w_size", "w_active",
            "w_done", "w_suspended", "w_retval", "w_atomic", "w_end", "w_armed", "w_race", "w_raddr", "w_rlen",
            "w_rwrite", "w_rtid");

    /**
     * The scheduler's choice of a context-switch point: {@code w_choose(pc, size)} returns any value in
     * {@code [pc, size]} (it is called with {@code pc <= size}); a model checker may read it as exactly that.
     */
    public static final String CHOOSE = "w_choose";

    /**
     * The start of an automatic object's lifetime: {@code w_havoc(p, n)} gives the {@code n} bytes at {@code p} any
     * values (C11 6.2.4p6, 6.7.9p10: an automatic object without initialiser is indeterminate each time its
     * declaration is reached; the locals of the sequential program are statics, which would otherwise start zero and
     * keep the previous iteration's value). A model checker may read it as exactly that.
     */
    public static final String HAVOC = "w_havoc";

    /** The function a cut-off calls ({@code __VERIFIER_assume(0)}): executions beyond the bounds end there. */
    public static final String CUT_OFF = "w_cut_off";

    private Sequentialiser() {
    }

    /**
     * Sequentialises {@code program} (which must define {@code main}) within {@code options}, instrumenting the accesses
     * {@code filter} keeps; {@code source} names the input in the header.
     */
    public static Result sequentialise(Program program, SeqOptions options, AccessFilter filter, String source) {
        return sequentialise(program, options, filter, source, ThreadEmitter.MAX_TEXT);
    }

    /**
     * As {@link #sequentialise(Program, SeqOptions, AccessFilter, String)}, but gives up (IllegalArgumentException)
     * as soon as the threads' bodies exceed {@code maxText} characters: a caller that cannot use a longer program
     * does not pay for emitting it (smtprc: the bounded phase 2.3 -> 0.9 s of wall time, {@code weft check --stats}).
     */
    public static Result sequentialise(Program program, SeqOptions options, AccessFilter filter, String source, int maxText) {
        Function main = program.function("main");
        if (main == null) throw new IllegalArgumentException("the program defines no main function");
        SeqState st = new SeqState(program, options, filter, maxText);
        st.newSlot(main);
        List<String> bodies = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        List<List<SwitchPoint>> points = new ArrayList<>();
        List<java.util.Map<Integer, weft.ir.SourceLoc>> bodyOrigins = new ArrayList<>();
        for (int i = 0; i < st.slots.size(); i++) {
            ThreadEmitter te = new ThreadEmitter(st, i);
            bodies.add(te.emit());
            st.emitted += bodies.get(bodies.size() - 1).length();
            bodyOrigins.add(te.origins);
            sizes.add(te.points());
            points.add(new ArrayList<>(te.pointLocs()));
        }
        CExprs gx = new CExprs(st.types, SeqState::globalName, st::fnRef);
        StringBuilder globals = new StringBuilder();
        StringBuilder init = new StringBuilder("static void w_init(void)\n{\n");
        for (Variable g : program.globals()) {
            CType t = g.type().unqualified();
            if (t instanceof CType.Array a && a.length() < 0) {
                t = new CType.Array(a.element(), 1);
                st.notes.add("arrays of unknown length have one element");
            }
            if (t.size() == 0 && !(t instanceof CType.Array)) t = new CType.Array(new CType.Int("char", 1, 1, true), 1);
            if (g.threadLocal()) st.notes.add("thread-local objects are shared by all threads");
            globals.append("static ").append(st.types.decl(t, SeqState.globalName(g))).append(";\n");
            GlobalInit gi = program.init(g);
            if (gi == null) {
                // defined by outside code (extern, defined nowhere in the program; or one of the C library's own
                // objects, stdout whoever declares it): whatever that code stored, not static storage's zero (D27)
                if (program.outsideDefined().contains(g) || LibraryModels.isLibraryObject(g.name())) {
                    init.append("  ").append(HAVOC).append("(&").append(SeqState.globalName(g)).append(", sizeof ")
                            .append(SeqState.globalName(g)).append(");\n");
                }
                continue;
            }
            for (GlobalInit.Item item : gi.items()) {
                if (!item.type().isScalar()) continue;
                init.append("  *").append(st.types.cast(new CType.Pointer(item.type(), 8))).append("((char *)&")
                        .append(SeqState.globalName(g)).append(" + ").append(item.offset()).append(") = ")
                        .append(st.types.cast(item.type())).append(gx.expr(item.value())).append(";\n");
            }
            // bytes the initialiser gives but the IR does not (a wide or very long string literal): any value, not zero (D33)
            for (GlobalInit.Unknown u : gi.unknown()) {
                init.append("  ").append(HAVOC).append("((char *)&").append(SeqState.globalName(g)).append(" + ").append(u.offset())
                        .append(", ").append(u.size()).append(");\n");
            }
        }
        init.append("}\n");
        for (String n : List.of("__VERIFIER_nondet_bool", "__VERIFIER_nondet_uint", "__VERIFIER_assume", "reach_error")) {
            st.prototypes.remove(n);
        }
        int n = st.slots.size();
        StringBuilder sb = new StringBuilder();
        sb.append("/* Lazy sequentialisation by weft of ").append(source).append('\n');
        sb.append(" * bounds: ").append(options).append(" (").append(program.dataModel()).append(")\n");
        sb.append(" * thread instances: ").append(n).append('\n');
        sb.append(" * bounded program: ").append(st.cutOffs ? "has cut-offs (w_cut): executions beyond the bounds are left out"
                : "no cut-off (loops, recursion and threads within the bounds)").append('\n');
        for (String note : st.notes) sb.append(" * note: ").append(note).append('\n');
        sb.append(" * reach_error() is reachable iff a data race of the bounded program is (race instrumentation).\n */\n");
        sb.append(st.types.definitions());
        for (String p : st.prototypes.values()) sb.append(p).append('\n');
        sb.append(runtime(n, sizes, options));
        sb.append(globals).append(st.statics);
        java.util.TreeMap<Integer, weft.ir.SourceLoc> at = new java.util.TreeMap<>();
        for (int i = 0; i < bodies.size(); i++) {
            int base = sb.length();
            for (var e : bodyOrigins.get(i).entrySet()) at.put(base + e.getKey(), e.getValue());
            sb.append(bodies.get(i));
        }
        sb.append(init);
        sb.append(scheduler(n, options));
        List<String> routines = st.slots.stream().map(x -> x.routine().linkName()).toList();
        String text = sb.toString();
        java.util.Map<Integer, weft.ir.SourceLoc> origins = new java.util.HashMap<>();
        int line = 1;
        int pos = 0;
        for (var e : at.entrySet()) {
            for (; pos < e.getKey(); pos++) if (text.charAt(pos) == '\n') line++;
            origins.put(line, e.getValue());
        }
        return new Result(text, st.cutOffs, List.copyOf(st.notes), n, points, routines, origins);
    }

    private static String runtime(int n, List<Integer> sizes, SeqOptions o) {
        StringBuilder sb = new StringBuilder();
        sb.append("extern _Bool __VERIFIER_nondet_bool(void);\nextern unsigned int __VERIFIER_nondet_uint(void);\n")
                .append("extern void __VERIFIER_assume(int);\nextern void reach_error(void);\n")
                .append("#define W_THREADS ").append(n).append("UL\n")
                .append("static unsigned int w_pc[").append(n).append("], w_cs;\n")
                .append("static const unsigned int w_size[").append(n).append("] = {");
        for (int i = 0; i < n; i++) sb.append(i > 0 ? ", " : "").append(sizes.get(i));
        sb.append("};\n")
                .append("static _Bool w_active[").append(n).append("], w_done[").append(n).append("], w_suspended[").append(n).append("];\n")
                .append("static void *w_retval[").append(n).append("];\n")
                // thread handles: unspecified values (glibc's are addresses), distinct and non-zero (see scheduler)
                .append("extern unsigned long __VERIFIER_nondet_ulong(void);\n")
                .append("static unsigned long w_handle[").append(n).append("];\n")
                // a macro, not a function: the solver sees the comparisons at the join, no call frame
                .append("#define w_slot(h) ").append(slotChain(n)).append("\n")
                .append("static int w_atomic, w_end;\n")
                .append("static _Bool w_armed;\nint w_race;\n")
                .append("static unsigned long w_raddr, w_rlen;\nstatic int w_rwrite, w_rtid;\n")
                .append("static void w_check(unsigned long a, unsigned long len, int write, int tid, unsigned int k)\n{\n")
                .append("  if (w_armed && w_rtid != tid && a < w_raddr + w_rlen && w_raddr < a + len && (write || w_rwrite)) {\n")
                .append("    w_race = 1;\n    reach_error();\n  }\n}\n")
                .append("static void w_arm(unsigned long a, unsigned long len, int write, int tid, unsigned int k)\n{\n")
                .append("  w_armed = 1; w_raddr = a; w_rlen = len; w_rwrite = write; w_rtid = tid; w_suspended[tid] = 1; w_pc[tid] = k;\n}\n")
                .append("static unsigned int ").append(CHOOSE).append("(unsigned int pc, unsigned int size)\n{\n")
                .append("  return pc + __VERIFIER_nondet_uint() % (size + 1 - pc);\n}\n")
                .append("static void ").append(HAVOC).append("(void *p, unsigned long n)\n{\n")
                .append("  for (unsigned long i = 0; i < n; i++) ((unsigned char *)p)[i] = (unsigned char)__VERIFIER_nondet_uint();\n}\n")
                .append("static void ").append(CUT_OFF).append("(void)\n{\n  __VERIFIER_assume(0);\n}\n");
        return sb.toString();
    }

    /** The slot of handle {@code (h)}: the thread whose handle it is, {@code W_THREADS} for none. */
    private static String slotChain(int n) {
        StringBuilder sb = new StringBuilder("(");
        for (int t = 0; t < n; t++) sb.append("(h) == w_handle[").append(t).append("] ? ").append(t).append("UL : ");
        return sb.append("W_THREADS)").toString();
    }

    private static String scheduler(int n, SeqOptions o) {
        StringBuilder sb = new StringBuilder("int main(void)\n{\n  w_init();\n  w_active[0] = 1;\n");
        for (int t = 0; t < n; t++) {
            sb.append("  w_handle[").append(t).append("] = __VERIFIER_nondet_ulong();\n  __VERIFIER_assume(w_handle[").append(t).append("] != 0");
            for (int u = 0; u < t; u++) sb.append(" && w_handle[").append(t).append("] != w_handle[").append(u).append("]");
            sb.append(");\n");
        }
        sb.append("  for (int r = 0; r < ").append(o.rounds()).append("; r++) {\n");
        for (int t = 0; t < n; t++) {
            sb.append("    if (w_active[").append(t).append("] && !w_done[").append(t).append("] && !w_suspended[").append(t)
                    .append("]) {\n      w_cs = ").append(CHOOSE).append("(w_pc[").append(t).append("], w_size[").append(t)
                    .append("]);\n      w_thread_").append(t)
                    .append("();\n      if (w_end) return 0;\n    }\n");
        }
        sb.append("  }\n  return 0;\n}\n");
        return sb.toString();
    }
}
