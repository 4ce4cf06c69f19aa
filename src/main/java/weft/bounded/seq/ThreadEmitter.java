package weft.bounded.seq;

import weft.ir.CType;
import weft.ir.CallTarget;
import weft.ir.Cfg;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Stmt;
import weft.ir.Variable;
import weft.model.LibraryModels;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Emits one thread instance as a simulation function {@code w_thread_T} of the lazy sequential program (paper 001
 * §3): the start routine with every call to a program function inlined (at most {@link SeqOptions#recursion()}
 * instances of a function on the stack) and every function instance unwound (copies of a node per back edges taken, as in
 * {@code weft.bounded.Unwinding}; a back edge beyond {@link SeqOptions#unwind()} jumps to {@code w_cut}, an
 * {@code __VERIFIER_assume(0)}), so the body is
 * acyclic and its gotos all go forward. Locals are static objects (one per inlined instance), so they keep their
 * values across rounds; each declaration reached makes its object indeterminate again ({@link Sequentialiser#HAVOC}),
 * as are parameters without an argument. Before each visible statement is a context-switch point {@code k}:
 *
 * <pre>
 * W_Pk: if (w_pc[T] &gt; k) goto W_P(k+1);                        -- resuming: skip what earlier rounds executed
 *       if (k &gt;= w_cs &amp;&amp; !w_atomic) { w_pc[T] = k; return; }  -- context switch here
 * </pre>
 *
 * Unlike Lazy-CSeq's {@code pc = cs} at the end, the point where the thread stops is stored where it stops, so a
 * branch that jumps over the chosen switch point resumes at the right statement. A blocked operation (a lock held, a
 * join on a live thread) stops the thread at its own point, to retry in a later round. The race instrumentation of
 * paper 000 precedes the statement: {@link Instrumentation}.
 */
final class ThreadEmitter {
    /** How a function instance returns: into the caller's result (printed in the caller's names), then to a label. */
    record Cont(String resultLv, CType resultType, Instrumentation.Site resultSite, String label) {}

    final SeqState st;
    final int slot;
    final StringBuilder out = new StringBuilder();
    /** Longest text of one thread's simulation function; beyond it the program is not sequentialised. */
    static final int MAX_TEXT = 16 << 20;
    private int points;
    private int labels;
    private int instances;
    private final Deque<String> stack = new ArrayDeque<>();
    final Instrumentation instr;

    ThreadEmitter(SeqState st, int slot) {
        this.st = st;
        this.slot = slot;
        this.instr = new Instrumentation(this);
    }

    int points() {
        return points;
    }

    /** Per context-switch point, the statement it precedes or is within. */
    List<SwitchPoint> pointLocs() {
        return java.util.Collections.unmodifiableList(new ArrayList<>(pointLocs));
    }

    private final List<SwitchPoint> pointLocs = new ArrayList<>();

    /** Where in the body library calls are printed (character offset) and their calls' source locations. */
    final Map<Integer, weft.ir.SourceLoc> origins = new java.util.TreeMap<>();

    /** The name of local {@code v} in instance {@code inst} of slot {@code slot}. */
    static String localName(int slot, int inst, Variable v) {
        return "l" + slot + "_" + inst + "_" + SeqState.sanitize(v.name()) + "_" + v.id();
    }

    /** The simulation function of this slot. */
    String emit() {
        SeqState.Slot s = st.slots.get(slot);
        out.append("static void w_thread_").append(slot).append("(void)\n{\n");
        stack.push(s.routine().linkName());
        point((weft.ir.SourceLoc) null); // before anything: a resumed thread never re-runs code that precedes its first visible statement
        instance(s.routine(), null, slot == 0 ? mainArguments(s.routine()) : List.of());
        stack.pop();
        out.append("W_P").append(points).append(": return;\n");
        out.append("w_cut: w_cut_off(); return;\n}\n");
        return out.toString();
    }

    /**
     * The arguments of the program's {@code main}. When it names no parameter but {@code argc}: {@code argc} takes any
     * value from 0 to {@code INT_MAX}. When it names {@code argv} or {@code envp}, whose strings this program does not
     * model: the one start the explorer also uses ({@code argc} 1, {@code argv} {@code {"prog", NULL}}, an empty
     * environment), and every other start is left out as a cut-off, so the layer still finds races (that the explorer
     * can replay) but proves nothing.
     */
    private List<String> mainArguments(Function main) {
        List<Variable> params = main.params();
        if (params.isEmpty()) return List.of();
        java.util.Set<Variable> named = weft.ir.MainArguments.named(main);
        boolean strings = false;
        for (int i = 1; i < params.size(); i++) strings |= named.contains(params.get(i));
        if (!strings) {
            return params.get(0).type().unqualified() instanceof CType.Int ? List.of("(__VERIFIER_nondet_uint() % 2147483648u)") : List.of();
        }
        st.cutOffs = true;
        st.notes.add("main reads its arguments: only argc 1 with argv {\"prog\", NULL} is explored");
        st.statics.append("static char w_arg0[5] = \"prog\";\nstatic char *w_argv[2] = { w_arg0, 0 };\nstatic char *w_envp[1] = { 0 };\n");
        List<String> args = new ArrayList<>(List.of("1", "w_argv"));
        for (int i = 2; i < params.size(); i++) args.add("w_envp");
        return args;
    }

    /** A fresh label name. */
    String label() {
        return "R" + labels++;
    }

    /** Emits a context-switch point before the statement at {@code loc} (null: none) and returns its number. */
    int point(weft.ir.SourceLoc loc) {
        return point(new SwitchPoint(loc, false));
    }

    /** Emits a context-switch point within the statement at {@code loc}, after part of it, and returns its number. */
    int pointWithin(weft.ir.SourceLoc loc) {
        return point(new SwitchPoint(loc, true));
    }

    private int point(SwitchPoint at) {
        int k = points++;
        pointLocs.add(at);
        out.append("W_P").append(k).append(": if (w_pc[").append(slot).append("] > ").append(k).append(") goto W_P")
                .append(k + 1).append("; if (").append(k).append(" >= w_cs && !w_atomic) { w_pc[").append(slot)
                .append("] = ").append(k).append("; return; }\n");
        return k;
    }

    /** Stops the thread at point {@code k} when {@code cond} holds (a blocked operation, retried in a later round). */
    void blockUnless(String cond, int k) {
        out.append("  if (!(").append(cond).append(")) { if (w_atomic) { __VERIFIER_assume(0); return; } w_pc[")
                .append(slot).append("] = ").append(k).append("; return; }\n");
    }

    void cut(String why) {
        cut(why, true);
    }

    /** Marks the program as having cut-offs; emits the jump to {@code w_cut} only when {@code jump} (else the caller did). */
    void cut(String why, boolean jump) {
        st.cutOffs = true;
        if (why != null) st.notes.add(why);
        if (jump) out.append("  goto w_cut;\n");
    }

    private void instance(Function f, Cont cont, List<String> args) {
        // inlining through calls (indirect ones dispatched over every candidate) can grow without bound
        if (out.length() + st.emitted > st.maxText) {
            throw new IllegalArgumentException("the sequential program exceeds " + st.maxText + " characters");
        }
        int inst = instances++;
        Map<Variable, String> names = new HashMap<>();
        List<Variable> all = new ArrayList<>(f.params());
        all.addAll(f.locals());
        for (Variable v : all) {
            String n = localName(slot, inst, v);
            names.put(v, n);
            CType t = v.type().unqualified();
            if (t instanceof CType.Array a && a.length() < 0) {
                t = new CType.Array(a.element(), 1024);
                st.notes.add("variable-length arrays have at most 1024 elements");
            }
            st.statics.append("static ").append(st.types.decl(t, n)).append(";\n");
        }
        CExprs ex = new CExprs(st.types, v -> names.getOrDefault(v, SeqState.globalName(v)), st::fnRef);
        for (int i = 0; i < f.params().size(); i++) {
            Variable p = f.params().get(i);
            // a parameter without an argument (main's argc and argv): any value
            if (i >= args.size()) havoc(names.get(p));
            else out.append("  ").append(names.get(p)).append(" = ").append(st.types.cast(p.type())).append(args.get(i)).append(";\n");
        }
        Cfg cfg = f.cfg();
        LoopUnwinding u = LoopUnwinding.of(cfg, st.options.unwind());
        List<LoopUnwinding.Copy> copies = u.copies();
        String prefix = "L" + inst + "_";
        for (int c = 0; c < copies.size(); c++) {
            LoopUnwinding.Copy copy = copies.get(c);
            int node = copy.node();
            out.append(label(prefix, copy)).append(": ;\n");
            List<Edge> outs = cfg.out(node);
            if (outs.isEmpty()) {
                if (node == cfg.exit()) ret(f, cont, null, ex);
                else out.append("  __VERIFIER_assume(0); return;\n");
                continue;
            }
            boolean branches = outs.stream().allMatch(e -> e.stmt() instanceof Stmt.Assume);
            if (branches) {
                int p = outs.stream().anyMatch(e -> visible(e.stmt(), cont)) ? point(outs.get(0).stmt().loc()) : -1;
                List<Instrumentation.Site> sites = new ArrayList<>();
                for (Edge e : outs) sites.addAll(instr.sites(f, e.stmt(), ex));
                instr.emit(sites, p);
                for (int ei = 0; ei < outs.size(); ei++) {
                    Stmt.Assume a = (Stmt.Assume) outs.get(ei).stmt();
                    out.append("  if ((").append(ex.expr(a.cond())).append(a.positive() ? ") != 0" : ") == 0")
                            .append(") goto ").append(target(prefix, u, c, ei)).append(";\n");
                }
                out.append("  __VERIFIER_assume(0); return;\n");
            } else if (outs.size() == 1) {
                statement(f, outs.get(0).stmt(), target(prefix, u, c, 0), cont, ex);
            } else {
                cut("a node with several non-branch edges is cut off");
            }
        }
    }

    /** Gives the object {@code lv} (printed) any value ({@link Sequentialiser#HAVOC}). */
    private void havoc(String lv) {
        out.append("  ").append(Sequentialiser.HAVOC).append("(&").append(lv).append(", sizeof ").append(lv).append(");\n");
    }

    private static String label(String prefix, LoopUnwinding.Copy copy) {
        return prefix + copy.node() + copy.key();
    }

    private String target(String prefix, LoopUnwinding u, int from, int edgeIndex) {
        int t = u.target(from, edgeIndex);
        if (t < 0) {
            st.cutOffs = true;
            return "w_cut";
        }
        return label(prefix, u.copies().get(t));
    }

    /**
     * Whether a context-switch point precedes {@code s}: it touches an object another thread may access, ends a
     * thread, calls the library (synchronisation, external effects) or enters an atomic section ({@code
     * __VERIFIER_atomic_*}: no point inside it is enabled, so the switch before the section's first access must be
     * here). Other statements only touch this thread's own
     * locals, so they commute with every statement of other threads, and a switch just before them is equivalent to
     * one at the next point (Lazy-CSeq places points only before visible statements).
     */
    private boolean visible(Stmt s, Cont cont) {
        if (s instanceof Stmt.Return) {
            if (cont == null || cont.resultSite() != null) return true;
        } else if (s instanceof Stmt.Call c) {
            Expr callee = c.callee();
            while (callee instanceof Expr.Cast k) callee = k.operand();
            if (!(callee instanceof Expr.FuncRef fr) || st.program.function(fr.name()) == null) return true;
            // an atomic section's entry: its body has no enabled point, so this is where other threads get their
            // turn before it (D20: without it a race with an access in the section was missed)
            if (LibraryModels.isAtomicFunction(fr.name())) return true;
            if (c.result() != null && instr.shared(c.result())) return true;
        }
        for (Accesses.Access a : Accesses.of(s)) if (instr.shared(a.lvalue())) return true;
        return false;
    }

    private void statement(Function f, Stmt s, String target, Cont cont, CExprs ex) {
        if (s instanceof Stmt.Decl d) {
            if (d.size() != null) st.notes.add("variable-length arrays have at most 1024 elements");
            // the object is indeterminate again each time its declaration is reached (the frontend's temporaries are
            // written before they are read)
            if (d.variable().kind() != Variable.Kind.TEMP) havoc(ex.lvalue(new Lvalue.Var(d.variable())));
            out.append("  goto ").append(target).append(";\n");
            return;
        }
        if (s instanceof Stmt.Skip) {
            out.append("  goto ").append(target).append(";\n");
            return;
        }
        if (s instanceof Stmt.Asm) {
            st.notes.add("inline assembly is ignored");
            out.append("  goto ").append(target).append(";\n");
            return;
        }
        int p = visible(s, cont) ? point(s.loc()) : -1;
        List<Instrumentation.Site> sites = new ArrayList<>(instr.sites(f, s, ex));
        if (s instanceof Stmt.Return r) {
            if (cont != null && cont.resultSite() != null && r.value() != null) sites.add(cont.resultSite());
            instr.emit(sites, p);
            ret(f, cont, r.value(), ex);
            return;
        }
        if (s instanceof Stmt.Call c && c.result() != null
                && (userTarget(c) instanceof CallTarget.Library || userTarget(c) instanceof CallTarget.External)) {
            // a library call writes its result where it returns, in this statement: instrumented with it
            Instrumentation.Site rs = instr.write(f, c, c.result(), ex);
            if (rs != null) sites.add(rs);
        }
        instr.emit(sites, p);
        if (s instanceof Stmt.Assign a) {
            if (a.lhs().type().unqualified() instanceof CType.Array && a.rhs() instanceof Expr.Load l) {
                out.append("  __builtin_memcpy(&").append(ex.lvalue(a.lhs())).append(", &").append(ex.lvalue(l.lvalue()))
                        .append(", sizeof ").append(ex.lvalue(a.lhs())).append(");\n");
            } else {
                out.append("  ").append(ex.lvalue(a.lhs())).append(" = ").append(ex.expr(a.rhs())).append(";\n");
            }
            out.append("  goto ").append(target).append(";\n");
        } else if (s instanceof Stmt.Call c) {
            call(f, c, target, ex, p);
        } else {
            out.append("  goto ").append(target).append(";\n");
        }
    }

    /** The target of a direct call (casts of the callee removed), or an indirect target. */
    private CallTarget userTarget(Stmt.Call c) {
        Expr callee = c.callee();
        while (callee instanceof Expr.Cast k) callee = k.operand();
        return callee instanceof Expr.FuncRef fr ? st.program.target(new Stmt.Call(c.result(), fr, c.args(), c.loc()))
                : new CallTarget.Indirect(callee);
    }

    private void call(Function f, Stmt.Call c, String target, CExprs ex, int p) {
        Expr callee = c.callee();
        while (callee instanceof Expr.Cast k) callee = k.operand();
        CallTarget t = callee instanceof Expr.FuncRef fr
                ? st.program.target(new Stmt.Call(c.result(), fr, c.args(), c.loc()))
                : new CallTarget.Indirect(callee);
        List<String> args = new ArrayList<>();
        for (Expr a : c.args()) args.add(ex.expr(a));
        if (t instanceof CallTarget.User u) {
            Instrumentation.Site rs = c.result() == null ? null : instr.write(f, c, c.result(), ex);
            inline(u.function(), c.result() == null ? null : ex.lvalue(c.result()),
                    c.result() == null ? null : c.result().type(), rs, args, target);
        } else if (t instanceof CallTarget.Library l) {
            new LibraryCalls(this, f, ex, p).call(l.model(), c, args, target);
        } else if (t instanceof CallTarget.External e) {
            st.prototype(e.name(), callee.type());
            plainCall(c, e.name(), args, ex);
            out.append("  goto ").append(target).append(";\n");
        } else {
            indirect(f, c, callee, target, ex, p);
        }
    }

    /**
     * A call through a pointer: dispatched over the functions whose address the program takes (program functions
     * by the integers their addresses are printed as, library functions by their real address), each handled as a
     * direct call; any other pointer value is cut off.
     */
    private void indirect(Function f, Stmt.Call c, Expr callee, String target, CExprs ex, int p) {
        String value = "(unsigned long)(" + ex.expr(callee) + ")";
        List<String[]> arms = new ArrayList<>();
        for (String name : st.addressedFunctions) {
            Function g = st.program.function(name);
            String addr = g != null ? st.fnAddress(name) + "UL" : null;
            if (g == null) {
                if (st.program.models().lookup(name).isEmpty()) continue;
                addr = "(unsigned long)" + name;
                st.prototype(name, callee.type());
            } else if (g.params().size() != c.args().size() && !g.type().varargs()) {
                continue;
            }
            String arm = label();
            arms.add(new String[] {name, arm});
            out.append("  if (").append(value).append(" == ").append(addr).append(") goto ").append(arm).append(";\n");
        }
        st.notes.add("calls through function pointers to other values than the functions whose address is taken are cut off");
        cut(null);
        for (String[] a : arms) {
            out.append(a[1]).append(": ;\n");
            CType ft = st.program.function(a[0]) != null ? new CType.Pointer(st.program.function(a[0]).type(), 8) : callee.type();
            call(f, new Stmt.Call(c.result(), new Expr.FuncRef(a[0], ft), c.args(), c.loc()), target, ex, p);
        }
    }

    /** Emits {@code [result =] name(args);}. */
    void plainCall(Stmt.Call c, String name, List<String> args, CExprs ex) {
        origins.put(out.length(), c.loc());
        out.append("  ");
        if (c.result() != null) out.append(ex.lvalue(c.result())).append(" = ").append(st.types.cast(c.result().type()));
        out.append(name).append('(').append(String.join(", ", args)).append(");\n");
    }

    /** Inlines a call of program function {@code g}, then continues at {@code target}. */
    void inline(Function g, String resultLv, CType resultType, Instrumentation.Site resultSite, List<String> args,
                String target) {
        long depth = stack.stream().filter(g.linkName()::equals).count();
        if (depth >= st.options.recursion()) {
            cut(null);
            return;
        }
        boolean atomic = LibraryModels.isAtomicFunction(g.name());
        if (atomic) out.append("  w_atomic++;\n");
        String after = label();
        stack.push(g.linkName());
        instance(g, new Cont(resultLv, resultType, resultSite, after), args);
        stack.pop();
        out.append(after).append(": ;\n");
        if (atomic) out.append("  w_atomic--;\n");
        out.append("  goto ").append(target).append(";\n");
    }

    private void ret(Function f, Cont cont, Expr value, CExprs ex) {
        if (cont == null) {
            if (slot == 0) {
                out.append("  w_end = 1; return;\n");
            } else {
                if (value != null) {
                    out.append("  w_retval[").append(slot).append("] = (void *)(unsigned long)(").append(ex.expr(value)).append(");\n");
                }
                out.append("  w_done[").append(slot).append("] = 1; return;\n");
            }
            return;
        }
        if (cont.resultLv() != null && value != null) {
            out.append("  ").append(cont.resultLv()).append(" = ").append(st.types.cast(cont.resultType()))
                    .append(ex.expr(value)).append(";\n");
        }
        out.append("  goto ").append(cont.label()).append(";\n");
    }

    /** The thread ends ({@code pthread_exit}); the main thread's end leaves the program running. */
    void threadExit() {
        out.append("  w_done[").append(slot).append("] = 1; return;\n");
    }


}
