package weft.thread;

import weft.ir.Edge;
import weft.ir.Function;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.ir.Variable;
import weft.pointer.MemObject;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Whether an abstract memory object stands for at most one concrete object during a run
 * ("concrete", paper 002 condition on must-locks and must-races). Globals and static locals are
 * concrete unless thread-local; a local or parameter is concrete if its function runs at most once in
 * a unique thread and its declaration is not on a loop; a heap object if its allocation site (and
 * the wrapper call site giving its context) executes at most once in a unique thread. Everything else
 * (string literals included, which are never locks) is a summary.
 *
 * <p>Assumes: functions run once and edges run once per {@code ThreadGraph} (no recursion, no cycle,
 * one call site, unique thread; no {@code longjmp}); a local of a function that runs once lives once.
 * Probes p19-p22, p55: sound.
 */
public final class ObjectMultiplicity {
    private final Program program;
    private final ThreadGraph graph;
    private final Map<MemObject, Boolean> cache = new HashMap<>();

    public ObjectMultiplicity(Program program, ThreadGraph graph) {
        this.program = program;
        this.graph = graph;
    }

    public boolean isConcrete(MemObject o) {
        return cache.computeIfAbsent(o, this::compute);
    }

    private boolean compute(MemObject o) {
        if (o instanceof MemObject.Var v) {
            Variable var = v.variable();
            if (var.threadLocal()) return false;
            if (var.kind() == Variable.Kind.GLOBAL || var.kind() == Variable.Kind.STATIC_LOCAL) return true;
            if (var.kind() == Variable.Kind.STRING || var.function() == null) return false;
            Function f = program.function(var.function());
            if (f == null || !onceInUniqueThread(var.function())) return false;
            if (var.kind() == Variable.Kind.PARAM) return true;
            for (Edge e : f.cfg().edges()) {
                if (e.stmt() instanceof Stmt.Decl d && d.variable().equals(var) && graph.loops(f.linkName()).inCycle(e)) return false;
            }
            return true;
        }
        if (o instanceof MemObject.Heap h) {
            if (!edgeOnceInUniqueThread(h.function(), h.site())) return false;
            if (h.context() == null) return true;
            // The wrapper call: find its caller by the context edge.
            for (Function f : program.functions().values()) {
                if (f.cfg().edges().contains(h.context())) return edgeOnceInUniqueThread(f.linkName(), h.context());
            }
            return false;
        }
        return false;
    }

    private boolean onceInUniqueThread(String function) {
        List<ThreadId> ts = graph.threadsRunning(function);
        return ts.size() == 1 && graph.isUnique(ts.get(0)) && graph.functionOnce(ts.get(0), function);
    }

    /** Whether edge {@code e} of {@code function} runs at most once in the whole program: once in one unique thread. */
    public boolean edgeOnceInUniqueThread(String function, Edge e) {
        List<ThreadId> ts = graph.threadsRunning(function);
        return ts.size() == 1 && graph.isUnique(ts.get(0)) && graph.edgeOnce(ts.get(0), function, e);
    }
}
