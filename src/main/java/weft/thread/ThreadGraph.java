package weft.thread;

import weft.ir.Edge;
import weft.ir.Function;
import weft.ir.Program;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The thread-creation graph: abstract threads from creation histories (paper 002, §3.1), the functions
 * each may execute, and how often things may happen in one thread.
 *
 * <p><b>Multiplicity</b> (sound): a function executes at most once in a thread instance if it is the
 * thread's routine and never called, or it has exactly one call site in the thread's code, that site is
 * not on a CFG cycle, its caller executes at most once and the function is not (mutually) recursive.
 * An edge executes at most once if its function does and it is not on a CFG cycle. A thread is
 * <b>unique</b> (at most one concrete instance per run) if it is main, or its parent is unique, its
 * create edge executes at most once in the parent, and its history does not repeat a create site
 * (recursive creation). These conditions only ever say "once" when every path that could repeat the
 * execution has been excluded, so "unique" is an under-approximation, as exclusion rules require.
 *
 * <p>Assumes: every repetition of code is a CFG cycle, a call site, or recursion in the call graph: no
 * {@code longjmp} (programs that make one are incomplete, {@code CallGraph}), and every call target is
 * known (else {@code CallGraph.complete} is false). Probes p01-p06.
 */
public final class ThreadGraph {
    private final Map<ThreadId, Set<String>> functions = new LinkedHashMap<>();
    private final Map<ThreadId, Map<String, List<CallGraph.Site>>> callers = new HashMap<>();
    private final Set<ThreadId> recursiveCreation = new HashSet<>();
    private final Map<String, Loops> loops = new HashMap<>();
    private final Map<ThreadId, Set<String>> onceFunctions = new HashMap<>();
    private final Map<ThreadId, Boolean> unique = new HashMap<>();
    private final Map<ThreadId, Map<Edge, Set<ThreadId>>> children = new HashMap<>();
    private final Program program;
    private final List<Function> destructors;
    private final ThreadId main;

    public ThreadGraph(Program program, CallGraph calls, String mainFunction, int maxThreads) {
        this.program = program;
        this.destructors = calls.destructors();
        this.main = ThreadId.main(mainFunction);
        Deque<ThreadId> work = new ArrayDeque<>();
        work.add(main);
        functions.put(main, null);
        while (!work.isEmpty()) {
            ThreadId t = work.poll();
            Set<String> reach = new LinkedHashSet<>();
            Map<String, List<CallGraph.Site>> in = new HashMap<>();
            Deque<String> fs = new ArrayDeque<>();
            fs.add(t.routine());
            reach.add(t.routine());
            for (Function d : calls.destructors()) {
                if (reach.add(d.linkName())) fs.add(d.linkName());
            }
            List<CallGraph.Site> creates = new ArrayList<>();
            while (!fs.isEmpty()) {
                String f = fs.poll();
                for (CallGraph.Site s : calls.sites(f)) {
                    if (s.kind() == CallGraph.Site.Kind.CREATE) {
                        creates.add(s);
                        continue;
                    }
                    for (Function callee : s.targets()) {
                        in.computeIfAbsent(callee.linkName(), k -> new ArrayList<>()).add(s);
                        if (reach.add(callee.linkName())) fs.add(callee.linkName());
                    }
                }
            }
            functions.put(t, Collections.unmodifiableSet(reach));
            callers.put(t, in);
            for (CallGraph.Site s : creates) {
                for (Function r : s.targets()) {
                    String fn = s.caller().linkName();
                    Set<ThreadId> here = children.computeIfAbsent(t, k -> new HashMap<>())
                            .computeIfAbsent(s.edge(), k -> new LinkedHashSet<>());
                    if (t.historyContains(fn, s.edge(), r.linkName())) {
                        // Recursive creation: the history repeats; the existing ancestor stands for all of them.
                        for (ThreadId a = t; a.parent() != null; a = a.parent()) {
                            recursiveCreation.add(a);
                            if (a.createEdge().equals(s.edge()) && a.routine().equals(r.linkName())) {
                                here.add(a);
                                break;
                            }
                        }
                        continue;
                    }
                    ThreadId child = t.child(fn, s.edge(), r.linkName());
                    here.add(child);
                    if (!functions.containsKey(child) && functions.size() < maxThreads) {
                        functions.put(child, null);
                        work.add(child);
                    }
                }
            }
        }
        for (ThreadId t : functions.keySet()) onceFunctions.put(t, computeOnce(t));
    }

    public ThreadId main() { return main; }

    /** Thread-specific data destructors, which any thread may run as it ends (part of every thread's code). */
    public List<Function> destructors() { return destructors; }

    /** All abstract threads, main first, parents before children. */
    public Set<ThreadId> threads() { return functions.keySet(); }

    /** Link names of the functions thread {@code t} may execute. */
    public Set<String> functions(ThreadId t) { return functions.getOrDefault(t, Set.of()); }

    public Loops loops(String function) {
        return loops.computeIfAbsent(function, f -> new Loops(program.function(f).cfg()));
    }

    private Set<String> computeOnce(ThreadId t) {
        Map<String, List<CallGraph.Site>> in = callers.get(t);
        Set<String> once = new HashSet<>();
        Set<String> reach = functions.get(t);
        // Recursive functions (on a call cycle within this thread) execute more than once.
        Set<String> recursive = recursiveFunctions(reach, in);
        boolean changed = true;
        while (changed) {
            changed = false;
            for (String f : reach) {
                if (once.contains(f) || recursive.contains(f)) continue;
                List<CallGraph.Site> cs = in.getOrDefault(f, List.of());
                boolean ok;
                if (f.equals(t.routine())) {
                    ok = cs.isEmpty();
                } else {
                    ok = cs.size() == 1 && once.contains(cs.get(0).caller().linkName())
                            && !loops(cs.get(0).caller().linkName()).inCycle(cs.get(0).edge());
                }
                if (ok) {
                    once.add(f);
                    changed = true;
                }
            }
        }
        return once;
    }

    private static Set<String> recursiveFunctions(Set<String> reach, Map<String, List<CallGraph.Site>> in) {
        Set<String> rec = new HashSet<>();
        for (String f : reach) {
            // f is recursive if f reaches itself through callers.
            Deque<String> work = new ArrayDeque<>();
            Set<String> seen = new HashSet<>();
            for (CallGraph.Site s : in.getOrDefault(f, List.of())) work.add(s.caller().linkName());
            while (!work.isEmpty()) {
                String g = work.poll();
                if (g.equals(f)) {
                    rec.add(f);
                    break;
                }
                if (!seen.add(g)) continue;
                for (CallGraph.Site s : in.getOrDefault(g, List.of())) work.add(s.caller().linkName());
            }
        }
        return rec;
    }

    /** Whether {@code function} runs at most once in each instance of thread {@code t}. */
    public boolean functionOnce(ThreadId t, String function) {
        return onceFunctions.getOrDefault(t, Set.of()).contains(function);
    }

    /** Whether {@code edge} of {@code function} executes at most once in each instance of {@code t}. */
    public boolean edgeOnce(ThreadId t, String function, Edge edge) {
        return functionOnce(t, function) && !loops(function).inCycle(edge);
    }

    /** Whether at most one concrete thread with this abstract id exists in any run. */
    public boolean isUnique(ThreadId t) {
        Boolean u = unique.get(t);
        if (u != null) return u;
        boolean r = t.isMain() || (!recursiveCreation.contains(t) && isUnique(t.parent())
                && edgeOnce(t.parent(), t.createFunction(), t.createEdge()));
        unique.put(t, r);
        return r;
    }

    /** The abstract threads thread {@code t} creates at create edge {@code edge}. */
    public Set<ThreadId> childrenAt(ThreadId t, Edge edge) {
        return children.getOrDefault(t, Map.of()).getOrDefault(edge, Set.of());
    }

    /** Threads that may execute {@code function}. */
    public List<ThreadId> threadsRunning(String function) {
        List<ThreadId> out = new ArrayList<>();
        for (Map.Entry<ThreadId, Set<String>> e : functions.entrySet()) if (e.getValue().contains(function)) out.add(e.getKey());
        return out;
    }

    /** Whether the thread limit cut the graph short (then not all threads were analysed). */
    public boolean truncated(int maxThreads) {
        return functions.size() >= maxThreads;
    }
}
