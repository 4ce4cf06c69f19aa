package weft.pointer;

import weft.ir.Cfg;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.SourceLoc;
import weft.ir.Stmt;
import weft.ir.Variable;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads of pointer-typed automatic variables that may happen before any write to them on some path (issue 31,
 * indeterminate values). An uninitialised pointer is an input: it may hold any address, one of no object, or one of
 * an object the points-to sets never name (C11 6.2.4p6: its value is indeterminate; using it is undefined). The
 * constraint graph gives such a variable only the targets of its assignments, so a dereference, a lock or a
 * {@code pthread_once} through it would act on fewer objects than it may; rather than assume, the analysis reports
 * each such read as a reason of incompleteness of its function ({@link Solver#markIncomplete(String, String)}), which
 * makes a race-free verdict impossible while the function runs.
 *
 * <p>Soundness: a forward must-analysis over the function's CFG of the places certainly written on every path
 * (intersection at joins): a tracked variable, or a chain of its fields, becomes written by an assignment or a call
 * result naming exactly it (or a place containing it), and every place of a variable becomes unwritten at its
 * declaration ({@link Stmt.Decl}, also one reached again in a loop) and at the entry; inline assembly may write every
 * tracked variable (its output operands). Tracked are the {@code LOCAL}
 * variables that are or hold pointers (as struct fields) and whose address the function never takes: only its own
 * statements name them, so no other write is missed (a write the analysis does not see as one, such as an element of
 * an array member, only leaves the place unwritten: more reports, never fewer). Every load of a pointer-typed tracked
 * place not certainly written is reported, and so is a load of a struct place (a copy) unless every pointer in it is
 * certainly written. The {@code va_list} builtins set their first argument and do not read it
 * ({@link weft.model.VaListBuiltins}). Over the dev set's 484 race-free SV-COMP tasks it reports nothing. Not covered: address-taken pointer locals, pointers in array elements
 * and in heap cells (documented in {@code docs/soundness-audit.md}).
 */
final class UninitialisedPointers {
    private UninitialisedPointers() {
    }

    /** The reads of possibly uninitialised pointer locals of {@code f}, one line each (variable and place). */
    static List<String> reads(Function f) {
        Set<Variable> taken = new HashSet<>();
        for (Edge e : f.cfg().edges()) weft.ir.AddressScan.stmt(e.stmt(), taken);
        Set<Variable> tracked = new HashSet<>();
        for (Variable v : f.locals()) {
            if (v.kind() == Variable.Kind.LOCAL && !v.isStatic() && !taken.contains(v) && hasPointer(v.type(), 0)) tracked.add(v);
        }
        if (tracked.isEmpty()) return List.of();
        Cfg cfg = f.cfg();
        // per node, the places certainly written on every path from the entry (null: not reached yet)
        List<Set<String>> in = new ArrayList<>(java.util.Collections.nCopies(cfg.nodeCount(), (Set<String>) null));
        in.set(cfg.entry(), Set.of());
        Deque<Integer> work = new ArrayDeque<>(List.of(cfg.entry()));
        Set<String> found = new LinkedHashSet<>();
        while (!work.isEmpty()) {
            int n = work.poll();
            for (Edge e : cfg.out(n)) {
                Set<String> written = in.get(n);
                List<Lvalue> read = new ArrayList<>();
                reads(e.stmt(), read);
                for (Lvalue r : read) {
                    String k = key(r, tracked);
                    if (k != null && !pointersWritten(k, r.type(), written, 0)) found.add(name(r) + " at " + where(e.stmt().loc()));
                }
                Set<String> out = transfer(e.stmt(), written, tracked);
                int t = e.to();
                Set<String> old = in.get(t);
                Set<String> j = old == null ? out : intersect(old, out);
                if (old == null || !j.equals(old)) {
                    in.set(t, j);
                    work.add(t);
                }
            }
        }
        return List.copyOf(found);
    }

    /** Whether {@code t} is or holds a pointer outside arrays (the places this analysis follows). */
    private static boolean hasPointer(weft.ir.CType t, int depth) {
        weft.ir.CType u = t.unqualified();
        if (u.isPointer()) return true;
        if (depth > 8 || !(u instanceof weft.ir.StructType st)) return false;
        for (weft.ir.StructType.Field fl : st.fields()) if (hasPointer(fl.type(), depth + 1)) return true;
        return false;
    }

    /** The place {@code lv} names as a key ({@code id} of the variable, then field names), or null if untracked. */
    private static String key(Lvalue lv, Set<Variable> tracked) {
        if (lv instanceof Lvalue.Var v) return tracked.contains(v.variable()) ? Integer.toString(v.variable().id()) : null;
        if (lv instanceof Lvalue.Field fl) {
            String b = key(fl.base(), tracked);
            return b == null ? null : b + "." + fl.field().name();
        }
        return null;
    }

    private static String name(Lvalue lv) {
        if (lv instanceof Lvalue.Var v) return v.variable().name();
        if (lv instanceof Lvalue.Field fl) return name(fl.base()) + "." + fl.field().name();
        return "?";
    }

    /** Whether every pointer in place {@code k} of type {@code t} is certainly written (a copy of the place reads them). */
    private static boolean pointersWritten(String k, weft.ir.CType t, Set<String> written, int depth) {
        if (!hasPointer(t, 0) || covered(k, written)) return true;
        if (depth > 8 || !(t.unqualified() instanceof weft.ir.StructType st)) return false;
        for (weft.ir.StructType.Field fl : st.fields()) {
            if (!pointersWritten(k + "." + fl.name(), fl.type(), written, depth + 1)) return false;
        }
        return true;
    }

    /** Whether place {@code k}, or a place containing it, is among {@code written}. */
    private static boolean covered(String k, Set<String> written) {
        for (String w : written) if (k.equals(w) || k.startsWith(w + ".")) return true;
        return false;
    }

    private static Set<String> intersect(Set<String> a, Set<String> b) {
        Set<String> r = new HashSet<>();
        for (String x : a) if (covered(x, b)) r.add(x);
        for (String x : b) if (covered(x, a)) r.add(x);
        return r;
    }

    private static String where(SourceLoc l) {
        return l == null ? "?" : l.toString();
    }

    private static Set<String> transfer(Stmt s, Set<String> written, Set<Variable> tracked) {
        Lvalue target = null;
        if (s instanceof Stmt.Decl d) {
            if (!tracked.contains(d.variable())) return written;
            String v = Integer.toString(d.variable().id());
            Set<String> r = new HashSet<>(written);
            r.removeIf(k -> k.equals(v) || k.startsWith(v + "."));
            return r;
        }
        if (s instanceof Stmt.Asm) {
            // inline assembly may write any local through its output operands
            Set<String> r = new HashSet<>(written);
            for (Variable v : tracked) r.add(Integer.toString(v.id()));
            return r;
        }
        if (s instanceof Stmt.Assign a) target = a.lhs();
        else if (s instanceof Stmt.Call c && vaBuiltin(c) != null && !c.args().isEmpty()) {
            weft.ir.VaLists.ListArgument l = weft.ir.VaLists.listArgument(c.args().get(0));
            target = l == null ? null : l.lvalue();
        } else if (s instanceof Stmt.Call c) target = c.result();
        String k = target == null ? null : key(target, tracked);
        if (k == null) return written;
        Set<String> r = new HashSet<>(written);
        r.add(k);
        return r;
    }

    /** The name of the {@code va_list} builtin {@code c} calls ({@link weft.model.VaListBuiltins}), or null. */
    private static String vaBuiltin(Stmt.Call c) {
        Expr callee = c.callee();
        while (callee instanceof Expr.Cast k) callee = k.operand();
        return callee instanceof Expr.FuncRef fr && weft.model.VaListBuiltins.is(fr.name()) ? fr.name() : null;
    }

    /** Adds the places {@code s} loads (not the ones it only writes). */
    private static void reads(Stmt s, List<Lvalue> out) {
        if (s instanceof Stmt.Assign a) {
            lvalue(a.lhs(), out);
            expr(a.rhs(), out);
        } else if (s instanceof Stmt.Call c) {
            if (c.result() != null) lvalue(c.result(), out);
            expr(c.callee(), out);
            String va = vaBuiltin(c);
            for (int i = 0; i < c.args().size(); i++) {
                // va_start and va_copy set their first va_list, va_end only ends it: neither reads it
                if (va != null && i < weft.model.VaListBuiltins.listArguments(va) && !weft.model.VaListBuiltins.readsArgument(va, i)) continue;
                expr(c.args().get(i), out);
            }
        } else if (s instanceof Stmt.Assume a) {
            expr(a.cond(), out);
        } else if (s instanceof Stmt.Return r && r.value() != null) {
            expr(r.value(), out);
        } else if (s instanceof Stmt.Decl d && d.size() != null) {
            expr(d.size(), out);
        }
    }

    private static void expr(Expr e, List<Lvalue> out) {
        weft.ir.Loads.of(e, false, out::add);
    }

    /** The reads an lvalue makes to find its place (indices, pointers), not of the place itself. */
    private static void lvalue(Lvalue lv, List<Lvalue> out) {
        weft.ir.Loads.locating(lv, false, out::add);
    }
}
