package weft.exec;

import weft.exec.state.*;

import weft.ir.CType;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * glibc 2.36's red-black tree algorithms ({@code misc/tsearch.c}) on an immutable picture of the tree ({@link Tree}),
 * for {@link Trees}: the insertion of {@code tsearch} (Sedgewick's top-down one: a node with two red children met on
 * the way down is split, red edges in a row rotated away, {@code maybe_split_for_insert}; the new node red, the
 * root black), the descent of {@code tfind}, the deletion of {@code tdelete} (the node's successor unchained in its
 * place, its key copied into the node, the lost black edge moved up the stack of parents), and the orders in which
 * {@code twalk} (preorder, postorder, endorder, leaf, with the depth) and {@code tdestroy} (children first) visit the
 * nodes. An operation runs from the start each time, with the comparisons answered so far ({@link #operate}): it
 * stops at the first comparison not yet answered ({@link Outcome#asked}), so every ask gives glibc's next one.
 */
final class TreeAlgorithms {
    private TreeAlgorithms() {
    }

    /** No node (a null pointer). */
    static final int NONE = -1;
    /** The node {@code tsearch} adds (its block is made when the call ends). */
    static final int NEW = -2;
    /** Nodes a tree may have here. */
    private static final int MAX_NODES = 10_000;

    /** A node: its key pointer, its children (block ids, {@link #NONE}), its colour. */
    record Node(Value key, int left, int right, boolean red) {}

    /** A tree: the root pointer's node and every node. */
    record Tree(int root, Map<Integer, Node> nodes) {}

    /** A call of the program's function: on {@code node}, a walk's {@code visit} ({@code VISIT}) and {@code depth}. */
    record Call(int node, int visit, int depth) {}

    /** An operation's state: the comparison it needs next ({@link #NONE} when done), or the tree it left and its result. */
    record Outcome(int asked, Tree after, int result) {}

    /** The tree whose root node is {@code root}, read from the library's node blocks. */
    static Tree read(ExecState st, int root, String name) {
        Map<Integer, Node> nodes = new HashMap<>();
        CType ptr = st.voidPointer;
        Deque<Integer> todo = new ArrayDeque<>();
        if (root != NONE) todo.add(root);
        while (!todo.isEmpty()) {
            int id = todo.pop();
            if (nodes.containsKey(id)) throw Abandon.unsupported(name + " of a tree with a cycle");
            if (nodes.size() >= MAX_NODES) throw Abandon.unsupported(name + " of a tree of more than " + MAX_NODES + " nodes");
            Block b = st.mem.get(id);
            if (b == null || !b.alive || !b.name.startsWith(Trees.NODE) || b.size != 3L * st.dm.pointerSize) {
                throw Abandon.unsupported(name + " of a node the library did not make");
            }
            Value key = st.mem.read(id, 0, ptr);
            Value left = st.mem.read(id, st.dm.pointerSize, ptr), right = st.mem.read(id, 2L * st.dm.pointerSize, ptr);
            int l = child(left, name), r = child(right, name);
            if (bit(right)) throw Abandon.unsupported(name + " of a tree whose right pointer carries a bit");
            nodes.put(id, new Node(key, l, r, bit(left)));
            if (l != NONE) todo.add(l);
            if (r != NONE) todo.add(r);
        }
        return new Tree(root, Map.copyOf(nodes));
    }

    private static int child(Value w, String name) {
        if (w instanceof Value.Int i && (i.v() == 0 || i.v() == 1)) return NONE;
        if (w instanceof Value.Ptr p && (p.off() == 0 || p.off() == 1)) return p.obj();
        throw Abandon.unsupported(name + " of a tree node whose child is " + w);
    }

    private static boolean bit(Value w) {
        return w instanceof Value.Int i ? i.v() == 1 : ((Value.Ptr) w).off() == 1;
    }

    /** {@code twalk}'s calls (or {@code tdestroy}'s, {@code destroy}: each node after its children). */
    static List<Call> walk(Tree t, boolean destroy) {
        List<Call> out = new ArrayList<>();
        if (t.root() != NONE) visit(t, t.root(), 0, destroy, out);
        return List.copyOf(out);
    }

    private static void visit(Tree t, int id, int depth, boolean destroy, List<Call> out) {
        Node n = t.nodes().get(id);
        if (destroy) {
            if (n.left() != NONE) visit(t, n.left(), depth + 1, true, out);
            if (n.right() != NONE) visit(t, n.right(), depth + 1, true, out);
            out.add(new Call(id, 0, depth));
        } else if (n.left() == NONE && n.right() == NONE) {
            out.add(new Call(id, 3, depth)); // leaf
        } else {
            out.add(new Call(id, 0, depth)); // preorder
            if (n.left() != NONE) visit(t, n.left(), depth + 1, false, out);
            out.add(new Call(id, 1, depth)); // postorder
            if (n.right() != NONE) visit(t, n.right(), depth + 1, false, out);
            out.add(new Call(id, 2, depth)); // endorder
        }
    }

    /** A comparison the answers so far do not give. */
    private static final class Asked extends RuntimeException {
        final int node;

        Asked(int node) {
            super(null, null, false, false);
            this.node = node;
        }
    }

    /**
     * Operation {@code op} (0 {@code tsearch}, 1 {@code tfind}, 2 {@code tdelete}) of {@code key} on {@code t}, the
     * program's comparator having answered {@code answers} so far.
     */
    static Outcome operate(Tree t, int op, List<Integer> answers, Value key, String name) {
        Work w = new Work(t, answers, key, name);
        try {
            int result = switch (op) {
                case 0 -> w.search();
                case 1 -> w.find();
                default -> w.delete();
            };
            return new Outcome(NONE, w.tree(), result);
        } catch (Asked a) {
            return new Outcome(a.node, null, NONE);
        }
    }

    /** Where a node pointer is: the root pointer ({@code node} {@link #NONE}) or a node's left or right child. */
    private record Loc(int node, boolean right) {
        static final Loc ROOT = new Loc(NONE, false);
    }

    /** The operation's working copy of the tree (glibc's macros over it). */
    private static final class Work {
        private static final class M {
            Value key;
            int left, right;
            boolean red;

            M(Node n) {
                key = n.key();
                left = n.left();
                right = n.right();
                red = n.red();
            }
        }

        final Map<Integer, M> nodes = new HashMap<>();
        int root;
        final List<Integer> answers;
        int asked;
        final Value key;
        final String name;

        Work(Tree t, List<Integer> answers, Value key, String name) {
            for (Map.Entry<Integer, Node> e : t.nodes().entrySet()) nodes.put(e.getKey(), new M(e.getValue()));
            this.root = t.root();
            this.answers = answers;
            this.key = key;
            this.name = name;
        }

        Tree tree() {
            Map<Integer, Node> out = new HashMap<>();
            for (Map.Entry<Integer, M> e : nodes.entrySet()) {
                M m = e.getValue();
                out.put(e.getKey(), new Node(m.key, m.left, m.right, m.red));
            }
            return new Tree(root, Map.copyOf(out));
        }

        /** The program's comparator on the key and {@code node}'s key. */
        int compare(int node) {
            if (asked < answers.size()) return answers.get(asked++);
            throw new Asked(node);
        }

        M m(int id) {
            M m = nodes.get(id);
            if (m == null) throw Abandon.unsupported(name + " of a tree that is no red-black tree (a null node followed)");
            return m;
        }

        int deref(Loc l) {
            return l.node() == NONE ? root : l.right() ? m(l.node()).right : m(l.node()).left;
        }

        void set(Loc l, int node) {
            if (l.node() == NONE) root = node;
            else if (l.right()) m(l.node()).right = node;
            else m(l.node()).left = node;
        }

        int left(int id) {
            return m(id).left;
        }

        int right(int id) {
            return m(id).right;
        }

        boolean red(int id) {
            return m(id).red;
        }

        /** Whether {@code id} is a red node (a null one is black). */
        boolean redNode(int id) {
            return id != NONE && m(id).red;
        }

        void paint(int id, boolean red) {
            m(id).red = red;
        }

        int search() {
            Loc rootp = Loc.ROOT, parentp = null, gparentp = null, nextp;
            int r = 0, pr = 0, gpr = 0;
            if (root != NONE) paint(root, false);
            nextp = rootp;
            while (deref(nextp) != NONE) {
                int node = deref(rootp);
                r = compare(node);
                if (r == 0) return node;
                split(rootp, parentp, gparentp, pr, gpr, false);
                nextp = new Loc(node, r > 0);
                if (deref(nextp) == NONE) break;
                gparentp = parentp;
                parentp = rootp;
                rootp = nextp;
                gpr = pr;
                pr = r;
            }
            nodes.put(NEW, new M(new Node(key, NONE, NONE, true)));
            set(nextp, NEW);
            if (!nextp.equals(rootp)) split(nextp, rootp, parentp, r, pr, true);
            return NEW;
        }

        /** glibc's {@code maybe_split_for_insert}. */
        void split(Loc rootp, Loc parentp, Loc gparentp, int pr, int gpr, boolean mode) {
            int node = deref(rootp);
            int rpn = right(node), lpn = left(node);
            if (!mode && !(rpn != NONE && lpn != NONE && red(rpn) && red(lpn))) return;
            paint(node, true);
            if (rpn != NONE) paint(rpn, false);
            if (lpn != NONE) paint(lpn, false);
            if (parentp == null || !red(deref(parentp))) return;
            int gp = deref(gparentp), p = deref(parentp);
            if ((pr > 0) != (gpr > 0)) {
                // the child goes to the top, its parent and grandparent become its children
                paint(p, true);
                paint(gp, true);
                paint(node, false);
                if (pr < 0) {
                    m(p).left = rpn;
                    m(node).right = p;
                    m(gp).right = lpn;
                    m(node).left = gp;
                } else {
                    m(p).right = lpn;
                    m(node).left = p;
                    m(gp).left = rpn;
                    m(node).right = gp;
                }
                set(gparentp, node);
            } else {
                // the parent goes to the top
                set(gparentp, p);
                paint(p, false);
                paint(gp, true);
                if (pr < 0) {
                    m(gp).left = right(p);
                    m(p).right = gp;
                } else {
                    m(gp).right = left(p);
                    m(p).left = gp;
                }
            }
        }

        int find() {
            Loc rootp = Loc.ROOT;
            while (deref(rootp) != NONE) {
                int node = deref(rootp);
                int r = compare(node);
                if (r == 0) return node;
                rootp = new Loc(node, r > 0);
            }
            return NONE;
        }

        int delete() {
            if (root == NONE) return NONE;
            Loc rootp = Loc.ROOT;
            int p = root, node = root, cmp;
            List<Loc> stack = new ArrayList<>();
            while ((cmp = compare(node)) != 0) {
                stack.add(rootp);
                p = deref(rootp);
                rootp = new Loc(p, cmp > 0);
                node = cmp > 0 ? right(p) : left(p);
                if (node == NONE) return NONE;
            }
            int retval = p;
            node = deref(rootp);
            int r = right(node), q = left(node), unchained;
            if (q == NONE || r == NONE) {
                unchained = node;
            } else {
                // the successor: leftmost of the right subtree
                Loc parentp = rootp, up = new Loc(node, true);
                while (true) {
                    stack.add(parentp);
                    parentp = up;
                    int upn = deref(up);
                    if (left(upn) == NONE) break;
                    up = new Loc(upn, false);
                }
                unchained = deref(up);
            }
            r = left(unchained);
            if (r == NONE) r = right(unchained);
            int sp = stack.size();
            if (sp == 0) {
                set(rootp, r);
            } else {
                q = deref(stack.get(sp - 1));
                if (unchained == right(q)) m(q).right = r;
                else m(q).left = r;
            }
            if (unchained != node) m(node).key = m(unchained).key;
            if (!red(unchained)) {
                // a black edge lost: moved up the stack of parents until a red node takes it or the root is reached
                while (sp > 0 && !redNode(r)) {
                    Loc pp = stack.get(sp - 1);
                    p = deref(pp);
                    boolean a = r == left(p) ? false : true; // r's side: false left, true right; b = !a the brother's
                    q = brother(p, !a);
                    if (red(q)) {
                        paint(q, false);
                        paint(p, true);
                        put(p, !a, get(q, a));
                        put(q, a, p);
                        set(pp, q);
                        pp = new Loc(q, a);
                        if (sp < stack.size()) stack.set(sp, pp);
                        else stack.add(pp);
                        sp++;
                        q = brother(p, !a);
                    }
                    if (!redNode(get(q, a)) && !redNode(get(q, !a))) {
                        paint(q, true);
                        r = p;
                    } else {
                        if (!redNode(get(q, !a))) {
                            // q's child on r's side is red: it goes to the top, p and q its children
                            int q2 = get(q, a);
                            paint(q2, red(p));
                            put(p, !a, get(q2, a));
                            put(q, a, get(q2, !a));
                            put(q2, !a, q);
                            put(q2, a, p);
                            set(pp, q2);
                            paint(p, false);
                        } else {
                            // q's other child is red: p rotated towards r, q takes p's colour
                            paint(q, red(p));
                            paint(p, false);
                            paint(get(q, !a), false);
                            put(p, !a, get(q, a));
                            put(q, a, p);
                            set(pp, q);
                        }
                        sp = 1;
                        r = NONE;
                    }
                    --sp;
                }
                if (r != NONE) paint(r, false);
            }
            nodes.remove(unchained);
            return retval;
        }

        /** p's child on side {@code right}, which a red-black tree has. */
        int brother(int p, boolean right) {
            int q = get(p, right);
            if (q == NONE) throw Abandon.unsupported(name + " of a tree that is no red-black tree (no brother)");
            return q;
        }

        int get(int n, boolean right) {
            return right ? right(n) : left(n);
        }

        void put(int n, boolean right, int child) {
            if (right) m(n).right = child;
            else m(n).left = child;
        }
    }
}
