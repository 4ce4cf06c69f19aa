package weft.escape;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import weft.ir.AddressTaken;
import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;
import weft.ir.Edge;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.pointer.PointsTo;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Publication summaries and the unpublished-pointer states of {@link FreshFlow} on small functions. */
class PublicationTest {
    @TempDir
    Path dir;

    private static final String CODE = """
            #include <stdlib.h>
            #include <pthread.h>
            struct s { int x; struct s *next; };
            struct s *g;
            void init(struct s *p) { p->x = 0; p->next = 0; }
            void link(struct s *node, struct s *list) { node->next = list->next; list->next = node; }
            struct s *same(struct s *p) { return p; }
            void deep(struct s *p, int n) { if (n > 0) deep(p, n - 1); else init(p); }
            void leak(struct s *p, int n) { if (n > 0) leak(p, n - 1); else g = p; }
            void maybe(struct s *p, int c) { struct s *q = 0; if (c) q = p; g = q; }
            void as_int(struct s *p) { long v = (long)p; g = (struct s *)v; }
            void *thread(void *a) { return a; }
            void start(struct s *p) { pthread_t t; pthread_create(&t, 0, thread, p); }
            int main(void) {
                struct s *a = malloc(sizeof *a);
                init(a);
                a->x = 1;
                link(a, g);
                a->x = 2;
                return 0;
            }
            """;

    private record Fixture(Program program, Publication summaries, FreshFlow flow) {}

    private Fixture load() throws Exception {
        Path file = dir.resolve("p.c");
        Files.writeString(file, CODE);
        Program p = new Frontend(FrontendOptions.defaults(DataModel.LP64)).load(List.of(file));
        PointsTo pts = PointsTo.analyze(p);
        Locals locals = new Locals(new AddressTaken());
        Publication pub = new Publication(p, pts, locals);
        return new Fixture(p, pub, new FreshFlow(p, pts, locals, pub));
    }

    @Test
    void summariesSayWhichParametersAFunctionMayPublish() throws Exception {
        Fixture f = load();
        assertFalse(f.summaries().mayPublish(f.program().function("init"), 0), "init only writes through p");
        assertTrue(f.summaries().mayPublish(f.program().function("link"), 0), "link stores node into the list");
        assertFalse(f.summaries().mayPublish(f.program().function("link"), 1), "link writes through list only");
        assertTrue(f.summaries().mayPublish(f.program().function("same"), 0), "returning p hands it to the caller");
        assertFalse(f.summaries().mayPublish(f.program().function("deep"), 0), "recursion alone publishes nothing");
        assertTrue(f.summaries().mayPublish(f.program().function("leak"), 0), "a recursive call that stores p");
        assertTrue(f.summaries().mayPublish(f.program().function("maybe"), 0), "published on one path");
        assertTrue(f.summaries().mayPublish(f.program().function("as_int"), 0), "published as an integer");
        assertTrue(f.summaries().mayPublish(f.program().function("start"), 0), "handed to a thread");
        assertTrue(f.summaries().mayPublish(f.program().function("deep"), 1), "an int parameter is not tracked");
    }

    @Test
    void anAllocationStaysUnpublishedUntilItIsLinkedIn() throws Exception {
        Fixture f = load();
        var main = f.program().function("main");
        FreshVars[] st = f.flow().run(main, 0L, t -> { });
        List<Boolean> freshAtWrites = new ArrayList<>();
        for (Edge e : main.cfg().edges()) {
            if (e.stmt() instanceof Stmt.Assign a && a.lhs().toString().contains(".x")) {
                var base = Pointers.lvalueBase(a.lhs());
                freshAtWrites.add(st[e.from()] != null && st[e.from()].token(base) != null);
            }
        }
        assertEquals(List.of(true, false), freshAtWrites, "a->x = 1 before link, a->x = 2 after");
    }
}
