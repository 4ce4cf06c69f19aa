package weft.soundness;

import weft.soundness.GenProgram.Node;

import java.util.ArrayList;
import java.util.List;

/**
 * How {@link ProgramGenerator} places the accesses of an object whose discipline is an idiom of its own rather than a
 * lock or an atomic: ordered by creates and joins ({@code ORDER}), an element per loop instance ({@code OWN}), written
 * by a {@code pthread_once} initialiser ({@link MutexForms#onceUse}), published by a ready flag ({@link ReadyFlagForms}),
 * elements selected by tickets ({@link TicketForms}). Shares the generator's state of the program being generated.
 */
final class SpecialGuards {
    private final ProgramGenerator g;

    SpecialGuards(ProgramGenerator g) {
        this.g = g;
    }

    /** Places the accesses of {@code o} when its guard is one of these idioms (and says so); else false. */
    boolean place(ProgramGenerator.Obj o, List<ProgramGenerator.Role> roles, List<Node> init, List<Node> post) {
        List<ProgramGenerator.Role> workers = roles.subList(1, roles.size());
        boolean isHole = g.holeObj == o;
        switch (o.guard) {
            case ORDER -> {
                init.add(Node.stmt(-1, g.forms.plainOp(g.lvalue(o, null), 1), false));
                ProgramGenerator.Role single = workers.stream().filter(r -> !r.loop).findFirst().orElseThrow();
                if (isHole) g.holeRoleIndex = single.id - 1;
                single.body.add(Node.stmt(g.unit++, g.forms.plainOp(g.lvalue(o, single), 2 + g.rnd.nextInt(2)), true));
                if (isHole && g.hole == Hole.EARLY_MAIN_ACCESS) {
                    roles.get(0).body.add(Node.stmt(g.unit++, g.forms.plainOp(g.lvalue(o, roles.get(0)), g.rnd.nextInt(4)), true));
                    g.holeDone = true;
                }
                post.add(Node.stmt(g.unit++, "r += " + g.lvalue(o, null) + ";", true));
                return true;
            }
            case OWN -> {
                List<ProgramGenerator.Role> loops = workers.stream().filter(r -> r.loop).toList();
                ProgramGenerator.Role r = loops.get(g.rnd.nextInt(loops.size()));
                if (isHole) g.holeRoleIndex = r.id - 1;
                String lv = o.name + "[id]";
                r.body.add(Node.stmt(g.unit++, g.rnd.nextBoolean() ? lv + " = " + lv + " + 1;" : lv + " = id + 1;", true));
                if (g.rnd.nextBoolean()) r.body.add(Node.stmt(g.unit++, "r += " + lv + ";", true));
                if (isHole && g.hole == Hole.SHARED_INDEX) g.holeDone = true;
                if (isHole && g.hole == Hole.SELF_CALL) {
                    r.body.add(Node.stmt(g.unit++, "if (id == 0) worker" + r.id + "(" + r.argument("1") + ");", false));
                    g.holeDone = true;
                }
                post.add(Node.stmt(g.unit++, "r += " + o.name + "[0] + " + o.name + "[1];", true));
                return true;
            }
            case ONCE -> {
                List<ProgramGenerator.Role> parts = new ArrayList<>(roles);
                java.util.Collections.shuffle(parts, g.nrnd);
                parts = parts.subList(0, Math.min(parts.size(), 2 + g.nrnd.nextInt(2)));
                if (parts.stream().noneMatch(r -> r.id > 0)) parts.set(0, workers.get(0));
                for (ProgramGenerator.Role r : parts) {
                    boolean here = isHole && !g.holeDone && r.id > 0;
                    if (here) g.holeRoleIndex = r.id - 1;
                    g.holeDone |= here;
                    String u = "u" + g.names++;
                    String use = MutexForms.onceUse(o.name, g.forms.plainOp(g.lvalue(o, r), 0), here ? u : "!lockflag", g.nrnd);
                    r.body.add(Node.stmt(g.unit++, here ? "{ " + g.indet.local(u, 0, 1) + " " + use + " }" : use, true));
                }
                post.add(Node.stmt(g.unit++, "r += " + g.lvalue(o, null) + ";", true));
                return true;
            }
            case READY -> {
                ReadyFlagForms flag = new ReadyFlagForms(o.name, isHole ? ReadyFlagForms.Break.values()[g.nrnd.nextInt(ReadyFlagForms.Break.values().length)] : null, g.nrnd);
                flag.declare(g.decls);
                if (flag.init() != null) init.add(Node.stmt(-1, flag.init(), false));
                int u = g.unit++;
                ProgramGenerator.Role m = roles.get(0);
                m.body.add(Node.stmt(g.unit++, g.forms.plainOp(g.lvalue(o, m), 1 + g.rnd.nextInt(3)), true));
                List<ProgramGenerator.Role> readers = new ArrayList<>(workers);
                java.util.Collections.shuffle(readers, g.nrnd);
                readers = readers.subList(0, 1 + g.nrnd.nextInt(readers.size()));
                // a semaphore gets one post per reader instance (a loop role runs two)
                m.body.add(Node.stmt(u, flag.publish(readers.stream().mapToInt(r -> r.loop ? 2 : 1).sum()), false));
                if (flag.writesAfter()) m.body.add(Node.stmt(g.unit++, g.forms.plainOp(g.lvalue(o, m), 1 + g.rnd.nextInt(3)), true));
                if (isHole) g.holeRoleIndex = readers.get(0).id - 1;
                for (ProgramGenerator.Role r : readers) {
                    if (!(flag.skipsWait() && r == readers.get(0))) r.body.add(Node.stmt(u, flag.await(), false));
                    r.body.add(Node.stmt(g.unit++, "r += " + g.lvalue(o, r) + ";", true));
                }
                if (isHole) g.holeDone = true;
                if (g.rnd.nextBoolean()) post.add(Node.stmt(g.unit++, "r += " + g.lvalue(o, null) + ";", true));
                return true;
            }
            case TICKET -> {
                TicketForms tk = new TicketForms(o.name, isHole ? TicketForms.Break.values()[g.nrnd.nextInt(TicketForms.Break.values().length)] : null, g.nrnd);
                tk.declare(g.decls);
                List<ProgramGenerator.Role> users = new ArrayList<>(roles);
                java.util.Collections.shuffle(users, g.nrnd);
                users = new ArrayList<>(users.subList(0, 2 + g.nrnd.nextInt(Math.max(1, users.size() - 1))));
                if (users.stream().noneMatch(r -> r.id > 0)) users.set(0, workers.get(0));
                ProgramGenerator.Role first = users.stream().filter(r -> r.id > 0).findFirst().orElseThrow();
                if (isHole) g.holeRoleIndex = first.id - 1;
                for (ProgramGenerator.Role r : users) {
                    String el = tk.element(o.name, "$ME$", isHole && r == first, false);
                    String use = g.nrnd.nextBoolean() ? el + " = " + el + " + 1;" : el + " = 5; r += " + el + ";";
                    r.body.add(Node.stmt(g.unit++, tk.user(use, isHole && r == first), true));
                }
                if (isHole) g.holeDone = true;
                post.add(Node.stmt(g.unit++, "r += " + tk.element(o.name, "0", false, true) + " + " + tk.element(o.name, "3", false, true) + ";", true));
                return true;
            }
            default -> {
                return false;
            }
        }
    }
}
