package weft.pointer;

import weft.ir.CType;
import weft.ir.CallTarget;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.ir.Variable;
import weft.pointer.ConstraintBuilder.Term;
import weft.pointer.ConstraintBuilder.Version;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Binding of calls: arguments to parameters and return values to results for user functions (direct, or
 * indirect ones as their targets are discovered), start routines and callbacks; library models and
 * external code are delegated to {@link CallEffects}. A direct call binds to the version of the callee
 * {@link ConstraintBuilder#calleeVersion} chooses: a fresh clone for allocation wrappers, else the shared,
 * context-insensitive version; so does an indirect call for each target it is found to have. Start routines
 * and callbacks always bind to the shared version.
 */
final class Calls {
    /** One call statement with its evaluated arguments. */
    static final class CallSite {
        final int id;
        final Version version;     // the version of the caller the call belongs to
        final Function caller;
        final Edge edge;
        final Stmt.Call call;
        final int[] args;          // value node per argument, -1 if none
        final Term[] aggregates;   // source location of struct/array arguments, else null
        final Term result;
        int resultNode = -1;

        CallSite(int id, Version version, Function caller, Edge edge, Stmt.Call call, int[] args, Term[] aggregates, Term result) {
            this.id = id;
            this.version = version;
            this.caller = caller;
            this.edge = edge;
            this.call = call;
            this.args = args;
            this.aggregates = aggregates;
            this.result = result;
        }

        int arg(int i) {
            return i >= 0 && i < args.length ? args[i] : -1;
        }

        String where() {
            return caller.linkName() + " at " + edge.loc();
        }
    }

    private final ConstraintBuilder b;
    private final Solver s;
    private final Program program;
    final CallEffects effects;
    private final Set<String> bound = new HashSet<>();
    private final List<CallSite> indirectSites = new ArrayList<>();
    private final IntList indirectNodes = new IntList();
    private int nextSite;

    Calls(ConstraintBuilder b) {
        this.b = b;
        this.s = b.s;
        this.program = b.program;
        this.effects = new CallEffects(b, this);
    }

    void call(Version v, Function f, Edge e, Stmt.Call c) {
        List<Expr> as = c.args();
        int[] args = new int[as.size()];
        Term[] aggs = new Term[as.size()];
        for (int k = 0; k < as.size(); k++) {
            Expr a = as.get(k);
            if (ConstraintBuilder.isAggregate(a.type()) && a instanceof Expr.Load ld) {
                aggs[k] = b.term(ld.lvalue());
                args[k] = -1;
            } else {
                args[k] = b.eval(a);
            }
        }
        Term result = c.result() == null ? Term.EMPTY : b.term(c.result());
        CallSite site = new CallSite(nextSite++, v, f, e, c, args, aggs, result);
        CallTarget target = program.target(c);
        if (target instanceof CallTarget.User u) {
            bindUser(site, b.calleeVersion(v, e, b.fnIndex.get(u.function().linkName())));
        } else if (target instanceof CallTarget.Library l) {
            effects.library(site, l.model());
        } else if (target instanceof CallTarget.External x) {
            effects.external(site, x.name());
        } else {
            int cn = b.eval(((CallTarget.Indirect) target).pointer());
            indirectSites.add(site);
            indirectNodes.add(cn);
            s.addConstraint(cn, (sv, l) -> resolve(site, l));
        }
    }

    /** A location reached the callee node of an indirect call. */
    private void resolve(CallSite site, int loc) {
        MemObject m = s.obj(s.locObj[loc]).object;
        if (m instanceof MemObject.Unknown) {
            s.markIncomplete(site.caller.linkName(), "call through an unknown pointer in " + site.where());
        }
        if (!(m instanceof MemObject.Fn fn) || !bound.add(site.id + ":" + fn.linkName())) return;
        Function g = program.function(fn.linkName());
        if (g != null) {
            // a wrapper called through a pointer gets a clone for this call site, as a direct call does
            bindUser(site, b.calleeVersion(site.version, site.edge, b.fnIndex.get(g.linkName())));
        } else {
            var model = program.models().lookup(fn.linkName());
            if (model.isPresent()) effects.library(site, model.get());
            else effects.external(site, fn.linkName());
        }
    }

    /** Parameters of version {@code callee} ⊇ arguments, result ⊇ its return values. */
    void bindUser(CallSite site, Version callee) {
        Function g = b.functions.get(callee.fn);
        List<Variable> params = g.params();
        for (int k = 0; k < site.args.length; k++) {
            if (k < params.size()) {
                Variable p = params.get(k);
                Term pt = Term.at(b.varObj(callee, p), 0);
                if (site.aggregates[k] != null) b.blockCopy(pt, site.aggregates[k], p.type().size() > 0 ? p.type().size() : -1);
                else b.store(pt, site.args[k]);
            } else if (g.type().varargs()) {
                // variadic arguments are read through the va_list va_start sets
                effects.variadic(site, k, g.linkName());
            }
        }
        if (site.result.isEmpty()) return;
        CType rt = g.type().returnType();
        if (ConstraintBuilder.isAggregate(rt)) {
            b.blockCopy(site.result, b.retTerm(callee), rt.size() > 0 ? rt.size() : -1);
        } else {
            s.addEdge(b.retNode(callee), resultNode(site), 0);
        }
    }

    /** The node whose locations are stored into the call's result lvalue. */
    int resultNode(CallSite site) {
        if (site.resultNode >= 0) return site.resultNode;
        if (site.result.isStatic()) {
            site.resultNode = s.writeNode(b.staticLoc(site.result));
        } else {
            site.resultNode = b.temp();
            b.store(site.result, site.resultNode);
        }
        return site.resultNode;
    }

    /**
     * Calls functions reaching {@code fnNode} as callbacks: their first parameter (all parameters if
     * {@code allParams}) ⊇ {@code arg}, their return values flow to {@code result}.
     */
    void callFunctionsOf(int fnNode, CallSite site, int arg, int result, boolean allParams, String what) {
        s.addConstraint(fnNode, (sv, l) -> {
            MemObject m = sv.obj(sv.locObj[l]).object;
            if (m instanceof MemObject.Unknown) {
                if (site != null) sv.markIncomplete(site.caller.linkName(), what + " is unknown in " + site.where());
                return;
            }
            if (!(m instanceof MemObject.Fn fn)) return;
            String key = (site == null ? "cb" + fnNode : "r" + site.id) + ":" + fn.linkName();
            if (!bound.add(key)) return;
            Function g = program.function(fn.linkName());
            if (g == null) {
                sv.markIncomplete(site == null ? null : site.caller.linkName(), what + " " + fn.linkName() + " is not defined in the program");
                return;
            }
            Version v = b.shared(b.fnIndex.get(g.linkName()));
            List<Variable> params = g.params();
            for (int k = 0; k < params.size() && (k == 0 || allParams); k++) {
                if (arg >= 0) sv.addEdge(arg, sv.writeNode(sv.loc(b.varObj(v, params.get(k)), 0)), 0);
            }
            if (result >= 0) sv.addEdge(b.retNode(v), result, 0);
        });
    }

    /** Records incompleteness of indirect calls that found no target (after the fixpoint). */
    void checkIndirectCalls() {
        for (int i = 0; i < indirectSites.size(); i++) {
            int n = indirectNodes.get(i);
            boolean any = false;
            if (n >= 0) {
                for (int l : s.ptsArray(n)) any |= s.obj(s.locObj[l]).object instanceof MemObject.Fn;
            }
            if (!any) s.markIncomplete(indirectSites.get(i).caller.linkName(), "indirect call with no known target in " + indirectSites.get(i).where());
        }
        effects.checkRoutines();
    }
}
