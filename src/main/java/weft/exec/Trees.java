package weft.exec;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.IntConversions;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * glibc 2.36's binary trees ({@code misc/tsearch.c}): {@code tsearch}, {@code tfind}, {@code tdelete}, {@code twalk},
 * {@code tdestroy}, calling the program's comparator, action or free function ({@link Semantics.TreeStep},
 * {@link Semantics.Tree}). The front end lowers such a call to a loop that asks {@code __weft_tree_next} for the next
 * call of the program's function, makes it, and hands the comparator's result to the next ask; the library call itself
 * follows the loop ({@code weft.frontend.CallbackLowering}). Here each ask runs glibc's algorithm again from the tree as
 * the first ask found it, with the comparisons answered so far ({@link TreeAlgorithms}), up to the comparison it needs
 * next or to its end; the library call then writes the tree the algorithm left.
 *
 * <p>The tree is glibc's: a node is a block of the library's ({@code malloc}'d, {@link #NODE}) of three words, the key
 * pointer first (which is what the program reads through the node pointers the calls return), then the left child's
 * pointer with the node's red bit in its lowest bit, then the right child's; the root pointer is the program's object.
 * A node pointer that is no such block (a tree the library did not build) stops the run.
 *
 * <p>Accesses. The root pointer is read before the first comparison (glibc reads it first) and, when the call changed
 * it, written at the call's end; those are the accesses the reproducer's wrappers make visible to ThreadSanitizer
 * ({@code weft_libaccess.c}: the root pointer read before glibc's own function is called, written again after it when it
 * changed). The library's reads and writes of its own nodes are not recorded: nothing but the library writes them (the
 * program may replace a node's key by an equal one, a write of its own, which is then the program's access), and
 * proofs stop at the first ask (the operation's progress is not part of a proof's state), so no proof rests on them.
 * Must side: the program's function is called with glibc's arguments in glibc's order (the reproducer calls glibc's
 * own functions, past ThreadSanitizer's {@code tsearch} interceptor, which would claim a write of the node's key);
 * the nodes' writes land at the call's end, where no other thread may look at them without a race on the root
 * pointer or the nodes themselves.
 */
final class Trees {
    private Trees() {
    }

    /** The name of a node block (numbered as the heap's). */
    static final String NODE = "tsearch node#";
    /** Calls of the program's function an operation may take at most here. */
    private static final int MAX_CALLS = 50_000;

    static boolean handles(Semantics s) {
        return s instanceof Semantics.TreeStep || s instanceof Semantics.Tree;
    }

    /**
     * An operation in progress: its code ({@link Semantics.Tree#OPS}), the root pointer ({@code rootp}, null for the
     * walks and for a null root pointer), the key ({@code tsearch} adds it), the tree the first ask found, the comparisons' results so far, the calls to
     * make ({@code calls}: the walks' sequence, fixed by the first ask; a search's next comparison), the calls made,
     * and, once done, the tree the operation leaves and its result node.
     */
    record TreeRun(int op, Value key, Value.Ptr rootp, TreeAlgorithms.Tree before, List<Integer> answers, List<TreeAlgorithms.Call> calls,
                   int made, boolean done, TreeAlgorithms.Tree after, int result) {}

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Semantics sem,
                       List<Value> args) {
        ExecState st = in.st;
        if (st.exhaustive) throw Abandon.unsupported(name + ": a tree operation's progress is not part of a proof's state");
        if (st.speculating) throw Abandon.unsupported(name + " in an atomic section");
        if (sem instanceof Semantics.TreeStep s) return step(in, lib, t, c, e, call, name, s, args);
        return finish(in, lib, t, c, e, call, name, (Semantics.Tree) sem, args);
    }

    private static boolean step(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                Semantics.TreeStep s, List<Value> args) {
        ExecState st = in.st;
        if (!(LibraryBehaviour.arg(args, s.index()) instanceof Value.Int index)) throw Abandon.unsupported(name + " of an unknown count");
        if (!(LibraryBehaviour.arg(args, s.op()) instanceof Value.Int code) || code.v() < 0 || code.v() >= Semantics.Tree.OPS.size()) {
            throw Abandon.unsupported(name + " of an unknown operation");
        }
        int op = (int) code.v();
        boolean walk = op >= 3;
        TreeRun run;
        if (index.v() == 0) {
            Value.Ptr rootp = null;
            TreeAlgorithms.Tree tree;
            if (walk) {
                tree = TreeAlgorithms.read(st, node(LibraryBehaviour.arg(args, s.x()), name), name);
            } else if (Value.isNull(LibraryBehaviour.arg(args, s.y()))) {
                tree = null;
            } else {
                rootp = LibraryFunctions.ptr(LibraryBehaviour.arg(args, s.y()), name);
                lib.access(c, rootp, st.dm.pointerSize, false, call, name);
                tree = TreeAlgorithms.read(st, node(st.mem.read(rootp.obj(), rootp.off(), st.voidPointer), name), name);
            }
            run = new TreeRun(op, walk ? Value.ZERO : LibraryBehaviour.arg(args, s.x()), rootp, tree, List.of(), walk && tree != null ? TreeAlgorithms.walk(tree, op == 4) : List.of(), 0, false, null,
                    TreeAlgorithms.NONE);
        } else {
            if (!(t.sort instanceof TreeRun r) || r.done() || r.op() != op || r.made() != index.v()) {
                throw Abandon.unsupported(name + " without a tree operation in progress");
            }
            run = r;
            if (!walk) {
                if (!(LibraryBehaviour.arg(args, s.result()) instanceof Value.Int answer)) throw Abandon.unsupported(name + ": an unknown comparison");
                List<Integer> answers = new ArrayList<>(run.answers());
                answers.add((int) answer.v());
                run = new TreeRun(op, run.key(), run.rootp(), run.before(), List.copyOf(answers), run.calls(), run.made(), false, null, TreeAlgorithms.NONE);
            }
        }
        if (run.made() >= MAX_CALLS) throw Abandon.unsupported(name + ": more than " + MAX_CALLS + " calls of the program's function");
        TreeRun next = advance(run, name);
        if (!next.done()) {
            for (int k = 0; k < 2; k++) lib.access(c, LibraryFunctions.ptr(LibraryBehaviour.arg(args, k == 0 ? s.node() : s.key()), name), st.dm.pointerSize, true, call, name);
            for (int k = 0; k < 2; k++) lib.access(c, LibraryFunctions.ptr(LibraryBehaviour.arg(args, k == 0 ? s.visit() : s.depth()), name), 4, true, call, name);
        }
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
        t.sort = next;
        if (next.done()) return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
        TreeAlgorithms.Call k = next.calls().get(next.made() - 1);
        CType ptr = st.voidPointer, intT = IntConversions.INT;
        Value.Ptr node = (Value.Ptr) LibraryBehaviour.arg(args, s.node()), key = (Value.Ptr) LibraryBehaviour.arg(args, s.key());
        Value.Ptr visit = (Value.Ptr) LibraryBehaviour.arg(args, s.visit()), depth = (Value.Ptr) LibraryBehaviour.arg(args, s.depth());
        st.mem.write(node.obj(), node.off(), ptr, new Value.Ptr(k.node(), 0));
        st.mem.write(key.obj(), key.off(), ptr, next.before().nodes().get(k.node()).key());
        st.mem.write(visit.obj(), visit.off(), intT, Value.of(k.visit()));
        st.mem.write(depth.obj(), depth.off(), intT, Value.of(k.depth()));
        return in.finishCall(t, c, e, Value.ONE, IntConversions.INT);
    }

    /** {@code run} advanced to its next call of the program's function (counted in {@code made}) or to its end. */
    private static TreeRun advance(TreeRun run, String name) {
        if (run.before() == null) {
            // a null root pointer: glibc answers null at once
            return new TreeRun(run.op(), run.key(), run.rootp(), null, run.answers(), run.calls(), run.made(), true, null, TreeAlgorithms.NONE);
        }
        if (run.op() >= 3) {
            // twalk leaves the tree as it was; tdestroy frees every node (each after its free function's call)
            boolean more = run.made() < run.calls().size();
            TreeAlgorithms.Tree after = run.op() == 4 ? new TreeAlgorithms.Tree(TreeAlgorithms.NONE, java.util.Map.of()) : run.before();
            return new TreeRun(run.op(), run.key(), run.rootp(), run.before(), run.answers(), run.calls(), run.made() + (more ? 1 : 0), !more,
                    more ? null : after, TreeAlgorithms.NONE);
        }
        TreeAlgorithms.Outcome o = TreeAlgorithms.operate(run.before(), run.op(), run.answers(), run.key(), name);
        if (o.asked() != TreeAlgorithms.NONE) {
            List<TreeAlgorithms.Call> calls = new ArrayList<>(run.calls());
            calls.add(new TreeAlgorithms.Call(o.asked(), 0, 0));
            return new TreeRun(run.op(), run.key(), run.rootp(), run.before(), run.answers(), List.copyOf(calls), run.made() + 1, false, null, TreeAlgorithms.NONE);
        }
        return new TreeRun(run.op(), run.key(), run.rootp(), run.before(), run.answers(), run.calls(), run.made(), true, o.after(), o.result());
    }

    /** The library call after its loop: the tree the loop's operation left is written, its result returned. */
    private static boolean finish(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                  Semantics.Tree s, List<Value> args) {
        ExecState st = in.st;
        int op = Semantics.Tree.OPS.indexOf(s.op());
        if (!(t.sort instanceof TreeRun r) || !r.done() || r.op() != op) {
            if (op == 3 && call.args().size() > 1 && Value.isNull(LibraryBehaviour.arg(args, 1))) {
                // twalk without an action: glibc does nothing
                return in.finishCall(t, c, e, Value.ZERO, null);
            }
            throw Abandon.unsupported(name + " without the calls of its loop");
        }
        if (op < 3 && (r.rootp() == null ? !Value.isNull(LibraryBehaviour.arg(args, s.root()))
                : !(LibraryBehaviour.arg(args, s.root()) instanceof Value.Ptr p && p.sameAddress(r.rootp())))) {
            throw Abandon.unsupported(name + " of another root than its loop's");
        }
        TreeAlgorithms.Tree before = r.before(), after = r.after();
        boolean rootChanged = r.rootp() != null && before.root() != after.root();
        if (rootChanged) lib.access(c, r.rootp(), st.dm.pointerSize, true, call, name);
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        t.sort = null;
        if (before == null) return in.finishCall(t, c, e, Value.ZERO, null);
        Map<Integer, Integer> blocks = new HashMap<>();
        for (int id : after.nodes().keySet()) {
            if (id >= 0) continue;
            Block b = st.mem.create(NODE + (++st.heapCount), Block.Kind.HEAP, 3L * st.dm.pointerSize, t.index, call.loc());
            b.addressTaken = true;
            blocks.put(id, b.id);
        }
        CType ptr = st.voidPointer;
        for (Map.Entry<Integer, TreeAlgorithms.Node> en : after.nodes().entrySet()) {
            TreeAlgorithms.Node n = en.getValue();
            if (n.equals(before.nodes().get(en.getKey()))) continue;
            int id = blocks.getOrDefault(en.getKey(), en.getKey());
            st.mem.write(id, 0, ptr, n.key());
            st.mem.write(id, st.dm.pointerSize, ptr, word(blocks.getOrDefault(n.left(), n.left()), n.red()));
            st.mem.write(id, 2L * st.dm.pointerSize, ptr, word(blocks.getOrDefault(n.right(), n.right()), false));
        }
        for (int id : before.nodes().keySet()) if (!after.nodes().containsKey(id)) st.mem.kill(id);
        if (rootChanged) st.mem.write(r.rootp().obj(), r.rootp().off(), ptr, word(blocks.getOrDefault(after.root(), after.root()), false));
        int result = blocks.getOrDefault(r.result(), r.result());
        return in.finishCall(t, c, e, op >= 3 || result == TreeAlgorithms.NONE ? Value.ZERO : new Value.Ptr(result, 0), null);
    }

    /** A node word: the node's pointer, or null, with the red bit. */
    private static Value word(int node, boolean red) {
        if (node == TreeAlgorithms.NONE) return red ? Value.ONE : Value.ZERO;
        return new Value.Ptr(node, red ? 1 : 0);
    }

    /** The node a root pointer or a walk's root holds: its block, or {@link TreeAlgorithms#NONE} for null. */
    private static int node(Value v, String name) {
        if (Value.isNull(v)) return TreeAlgorithms.NONE;
        if (v instanceof Value.Ptr p && p.off() == 0) return p.obj();
        throw Abandon.unsupported(name + " of a root that is no tree node: " + v);
    }

}
