package weft.pointer;

import weft.ir.AddressScan;
import weft.ir.AddressTaken;
import weft.ir.CType;
import weft.ir.CallTarget;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.GlobalInit;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.ir.Variable;
import weft.model.Event;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Allocation wrappers: small user functions that may return heap memory they allocate, directly or
 * through other wrappers ({@code kmalloc -> __kmalloc -> ldv_malloc -> malloc}). The constraint builder
 * gives every call of a wrapper a private copy (clone) of the wrapper's constraints, so that the blocks
 * allocated inside are split by calling context ({@link MemObject.Heap#context()}).
 *
 * <p>A function is a wrapper if it has at most {@link #MAX_EDGES} IR edges, returns a pointer or an
 * aggregate, is not recursive (not on a cycle of direct calls), and it calls an allocating library function
 * or another wrapper directly, or it calls through a function pointer for a pointer result while the
 * address of an allocating function is taken somewhere ({@code static void *(*my_malloc_f)(size_t) = malloc;}):
 * the indirect call inside each clone then resolves to the allocator with the clone's context, so the
 * blocks are split per call of the wrapper as for direct allocation.
 *
 * <p>A wrapper whose address is taken (an allocator in a table of operations: {@code allocOps->allocTable(pool,
 * n)} with {@code DefaultAllocTable} calling {@code malloc}) is cloned for every indirect call found to reach
 * it, per call site, as for a direct call, so a hash table's header and its bucket array allocated through the
 * same operation are two objects; calls as a thread's start routine or as a library's callback use the shared
 * version. Every activation of a wrapper still belongs to exactly one version, chosen by its call chain.
 *
 * <p>Cloning is plain inlining and needs none of these conditions for soundness; they only bound its
 * cost. Within a clone, the wrapper's
 * parameters, locals and temporaries whose address is never taken get private copies: such a variable can
 * only be accessed by name, by the activation itself, so the copy of the clone that stands for that
 * activation sees every access. Variables whose address is taken stay shared by all copies (coarser, and
 * what clients see as the variable's object).
 */
final class Wrappers {
    /** Largest wrapper body (IR edges). */
    static final int MAX_EDGES = 60;
    /** Clones nest up to this depth; a wrapper called deeper uses its shared, context-insensitive version. */
    static final int MAX_DEPTH = 4;
    /** Edges one outermost call of a wrapper may clone in all (its nested clones included). */
    static final int MAX_EDGES_PER_SITE = 600;
    /** Edges all clones may have together, at least (see {@link #cloneBudget}). */
    static final int MIN_TOTAL_CLONED_EDGES = 20_000;

    private final boolean[] wrapper;
    private final boolean[] called;
    private final Set<String> wrapperNames = new HashSet<>();
    /** Variables whose address is taken somewhere (by {@code &} or array decay). */
    private final Set<Variable> addressTaken = new HashSet<>();
    /** Edges all clones may have together: twice the program, at least {@link #MIN_TOTAL_CLONED_EDGES}. */
    final int cloneBudget;

    Wrappers(Program program, List<Function> functions, Map<String, Integer> fnIndex) {
        int n = functions.size();
        wrapper = new boolean[n];
        called = new boolean[n];
        Set<String> fnAddressTaken = new HashSet<>();
        IntList[] callees = new IntList[n];
        boolean[] allocates = new boolean[n];
        boolean[] callsPointerForPointer = new boolean[n];
        long edges = 0;
        for (int i = 0; i < n; i++) {
            Function f = functions.get(i);
            callees[i] = new IntList(2);
            edges += f.cfg().edges().size();
            for (Edge e : f.cfg().edges()) {
                Stmt st = e.stmt();
                AddressScan.addressedFunctions(st, fnAddressTaken);
                if (!(st instanceof Stmt.Call c)) continue;
                CallTarget t = program.target(c);
                if (t instanceof CallTarget.User u) {
                    Integer g = fnIndex.get(u.function().linkName());
                    if (g != null) {
                        callees[i].add(g);
                        called[g] = true;
                    }
                } else if (t instanceof CallTarget.Library l && allocates(l.model().event(), c)) {
                    allocates[i] = true;
                } else if (t instanceof CallTarget.Indirect && c.result() != null && c.result().type().isPointer()) {
                    callsPointerForPointer[i] = true;
                }
            }
        }
        addressTaken.addAll(AddressTaken.of(program));
        for (Variable g : program.globals()) {
            GlobalInit init = program.init(g);
            if (init != null) for (GlobalInit.Item item : init.items()) AddressScan.functionRefs(item.value(), fnAddressTaken);
        }
        // allocation through a function pointer (static void *(*my_malloc_f)(size_t) = malloc): when the
        // address of an allocating function is taken anywhere, a call through a pointer that returns a
        // pointer may allocate
        boolean allocatorTaken = false;
        for (String name : fnAddressTaken) {
            Integer g = fnIndex.get(name);
            if (g != null ? allocates[g] : program.models().lookup(name).map(m -> m.event() instanceof Event.Alloc).orElse(false)) {
                allocatorTaken = true;
            }
        }
        if (allocatorTaken) for (int i = 0; i < n; i++) allocates[i] |= callsPointerForPointer[i];
        this.cloneBudget = (int) Math.min(Integer.MAX_VALUE / 2, Math.max(MIN_TOTAL_CLONED_EDGES, 2 * edges));

        boolean[] recursive = recursive(callees);
        boolean[] eligible = new boolean[n];
        for (int i = 0; i < n; i++) {
            Function f = functions.get(i);
            CType rt = f.type().returnType();
            eligible[i] = f.cfg().edges().size() <= MAX_EDGES && !recursive[i] && (rt.isPointer() || ConstraintBuilder.isAggregate(rt));
        }
        // wrappers: eligible functions that allocate, directly or by calling wrappers (least fixpoint)
        for (boolean changed = true; changed; ) {
            changed = false;
            for (int i = 0; i < n; i++) {
                if (wrapper[i] || !eligible[i]) continue;
                boolean w = allocates[i];
                for (int k = 0; k < callees[i].size() && !w; k++) w = wrapper[callees[i].get(k)];
                if (w) {
                    wrapper[i] = changed = true;
                    wrapperNames.add(functions.get(i).linkName());
                }
            }
        }
    }

    /** Whether library event {@code ev} called by {@code call} returns a fresh heap block (as in {@link CallEffects}). */
    static boolean allocates(Event ev, Stmt.Call call) {
        if (ev instanceof Event.Alloc) return true;
        if (ev instanceof Event.MemAccess m && call.result() != null && call.result().type().isPointer()) {
            for (Event.MemArg a : m.args()) if (a.write()) return false;
            return true;
        }
        return false;
    }

    boolean isWrapper(int fn) {
        return wrapper[fn];
    }

    /** Whether some user function calls {@code fn} directly. */
    boolean isCalled(int fn) {
        return called[fn];
    }

    /** Whether clones of {@code v}'s function get a private copy of {@code v}. */
    boolean cloned(Variable v) {
        Variable.Kind k = v.kind();
        return (k == Variable.Kind.PARAM || k == Variable.Kind.LOCAL || k == Variable.Kind.TEMP)
                && v.function() != null && wrapperNames.contains(v.function()) && !addressTaken.contains(v);
    }

    /** Functions on a cycle of direct calls (Tarjan's strongly connected components, iteratively). */
    private static boolean[] recursive(IntList[] callees) {
        int n = callees.length;
        int[] index = new int[n];
        int[] low = new int[n];
        int[] next = new int[n];
        boolean[] onStack = new boolean[n];
        boolean[] rec = new boolean[n];
        Arrays.fill(index, -1);
        Deque<Integer> stack = new ArrayDeque<>();
        Deque<Integer> dfs = new ArrayDeque<>();
        int counter = 0;
        for (int root = 0; root < n; root++) {
            if (index[root] >= 0) continue;
            dfs.push(root);
            index[root] = low[root] = counter++;
            stack.push(root);
            onStack[root] = true;
            while (!dfs.isEmpty()) {
                int v = dfs.peek();
                if (next[v] < callees[v].size()) {
                    int w = callees[v].get(next[v]++);
                    if (w == v) rec[v] = true;
                    if (index[w] < 0) {
                        index[w] = low[w] = counter++;
                        stack.push(w);
                        onStack[w] = true;
                        dfs.push(w);
                    } else if (onStack[w]) {
                        low[v] = Math.min(low[v], index[w]);
                    }
                    continue;
                }
                dfs.pop();
                if (!dfs.isEmpty()) low[dfs.peek()] = Math.min(low[dfs.peek()], low[v]);
                if (low[v] == index[v]) {
                    IntList component = new IntList(2);
                    int w;
                    do {
                        w = stack.pop();
                        onStack[w] = false;
                        component.add(w);
                    } while (w != v);
                    if (component.size() > 1) for (int k = 0; k < component.size(); k++) rec[component.get(k)] = true;
                }
            }
        }
        return rec;
    }
}
