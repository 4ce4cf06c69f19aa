package weft.pointer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import weft.access.Region;
import weft.access.Regions;
import weft.ir.Edge;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.race.AnalysisOptions;
import weft.race.AnalysisResult;
import weft.race.RaceAnalysis;
import weft.race.Verdict;
import weft.value.IntervalCache;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Allocation wrappers cloned per call site: chains, checkers, globals, queries inside wrappers, limits. */
class PointsToWrapperCloningTest {
    @TempDir
    Path dir;

    /** The LDV-style chain kmalloc -> __kmalloc -> ldv_malloc -> malloc, with an error-pointer check. */
    private static final String KMALLOC = """
            #include <stdlib.h>
            long ldv_is_err(const void *p) { return (unsigned long)p > 4294967295UL; }
            void *ldv_malloc(unsigned long size) {
              void *res = malloc(size);
              if (ldv_is_err(res)) abort();
              return res;
            }
            void *__kmalloc(unsigned long size, int flags) { return ldv_malloc(size); }
            void *kmalloc(unsigned long size, int flags) { void *tmp = __kmalloc(size, flags); return tmp; }
            """;

    private static MemObject.Heap heap(Set<Loc> locs) {
        assertEquals(1, locs.size(), locs.toString());
        return (MemObject.Heap) locs.iterator().next().object();
    }

    private static Set<MemObject> objects(Set<Loc> locs) {
        return locs.stream().map(Loc::object).collect(Collectors.toSet());
    }

    private static Edge edge(Function f, Class<? extends Stmt> kind, String text) {
        return f.cfg().edges().stream().filter(e -> kind.isInstance(e.stmt()) && e.stmt().toString().contains(text))
                .findFirst().orElseThrow(() -> new AssertionError("no " + text + " in " + f.linkName()));
    }

    @Test
    void chainedWrappersGiveOneObjectPerOutermostCall() throws Exception {
        PointerFixture f = PointerFixture.of(dir, KMALLOC + """
                struct dev { char *buf; int n; };
                struct dev *d; char *other;
                int main() { d = kmalloc(sizeof *d, 0); d->buf = kmalloc(16, 0); other = kmalloc(16, 0); return 0; }
                """);
        MemObject.Heap hd = heap(f.pt.contents(f.loc("d", 0)));
        MemObject.Heap ho = heap(f.pt.contents(f.loc("other", 0)));
        MemObject.Heap hbuf = heap(f.pt.contents(new Loc(hd, 0)));
        assertEquals(3, Set.of(hd, ho, hbuf).size(), "three calls, three objects");
        // the allocation is in ldv_malloc, the context is the call in main, via the two inner calls
        assertEquals("ldv_malloc", hd.function());
        List<Edge> mainCalls = f.calls("main", "kmalloc");
        assertEquals(Set.copyOf(mainCalls), Set.of(hd.context(), ho.context(), hbuf.context()));
        assertEquals(List.of(f.calls("kmalloc", "__kmalloc").get(0), f.calls("__kmalloc", "ldv_malloc").get(0)), hd.via());
        assertEquals(hd.site(), ho.site());
        assertFalse(f.pt.mayAlias(hd, ho));
        assertFalse(f.pt.mayAlias(hd, hbuf));
        assertTrue(f.pt.mayAlias(hd, hd));
        // contents stay apart: only d's block holds the buffer
        assertEquals(Set.of(), f.pt.contents(new Loc(ho, 0)));
        assertTrue(f.pt.isComplete(), f.pt.incompleteReasons().toString());
    }

    @Test
    void passingTheFreshPointerToACheckerKeepsObjectsDistinct() throws Exception {
        PointerFixture f = PointerFixture.of(dir, KMALLOC + """
                int *a, *b;
                int main() { a = kmalloc(4, 0); b = kmalloc(4, 0); return 0; }
                """);
        Set<Loc> pa = f.pt.contents(f.loc("a", 0));
        Set<Loc> pb = f.pt.contents(f.loc("b", 0));
        assertNotEquals(heap(pa), heap(pb));
        // the checker is shared: its parameter sees every per-call-site object
        Set<Loc> both = new HashSet<>(pa);
        both.addAll(pb);
        assertEquals(both, f.pt.contents(f.loc("ldv_is_err.p", 0)));
    }

    @Test
    void wrapperStoringIntoAGlobalMakesEveryObjectVisible() throws Exception {
        PointerFixture f = PointerFixture.of(dir, """
                #include <stdlib.h>
                void *registry[4]; void *last;
                void *track(unsigned long n) { void *p = malloc(n); last = p; registry[n % 4] = p; return p; }
                void *alloc(unsigned long n) { return track(n); }
                int *a, *b; void *seen;
                int main() { a = alloc(4); b = alloc(8); seen = registry[1]; return 0; }
                """);
        Set<Loc> pa = f.pt.contents(f.loc("a", 0));
        Set<Loc> pb = f.pt.contents(f.loc("b", 0));
        assertNotEquals(heap(pa), heap(pb));
        Set<Loc> both = new HashSet<>(pa);
        both.addAll(pb);
        assertEquals(both, f.pt.contents(f.loc("last", 0)));
        assertEquals(both, f.pt.contents(f.loc("seen", 0)));
        assertEquals(objects(both), f.pt.reachable(List.of(f.loc("last", 0))).stream()
                .filter(o -> o instanceof MemObject.Heap).collect(Collectors.toSet()));
    }

    @Test
    void queriesInsideTheWrapperSeeAllItsClones() throws Exception {
        PointerFixture f = PointerFixture.of(dir, KMALLOC + """
                int *a, *b;
                int main() { a = kmalloc(4, 0); b = kmalloc(4, 0); return 0; }
                """);
        Set<MemObject> both = new HashSet<>(objects(f.pt.contents(f.loc("a", 0))));
        both.addAll(objects(f.pt.contents(f.loc("b", 0))));
        assertEquals(2, both.size());
        Function ldv = f.program.function("ldv_malloc");
        Stmt.Return ret = (Stmt.Return) edge(ldv, Stmt.Return.class, "res").stmt();
        assertEquals(both, objects(f.pt.eval("ldv_malloc", ret.value())));
        assertEquals(both, objects(f.pt.contents(f.loc("ldv_malloc.res", 0))));
        Function kmalloc = f.program.function("kmalloc");
        Stmt.Return kret = (Stmt.Return) edge(kmalloc, Stmt.Return.class, "tmp").stmt();
        assertEquals(both, objects(f.pt.eval("kmalloc", kret.value())));
    }

    @Test
    void accessesInsideAndOutsideTheWrapperUseThePerCallSiteObjects() throws Exception {
        PointerFixture f = PointerFixture.of(dir, """
                #include <stdlib.h>
                struct counter { int n; int *owner; };
                int x, y;
                struct counter *mk(int *owner) {
                  struct counter *c = malloc(sizeof *c);
                  c->n = 0;
                  c->owner = owner;
                  return c;
                }
                struct counter *a, *b;
                int main() { a = mk(&x); b = mk(&y); a->n = 1; return 0; }
                """);
        MemObject.Heap ha = heap(f.pt.contents(f.loc("a", 0)));
        MemObject.Heap hb = heap(f.pt.contents(f.loc("b", 0)));
        assertNotEquals(ha, hb);
        Regions regions = new Regions(f.pt, new IntervalCache(f.program));
        // the write inside the wrapper covers both blocks, at the field's offset
        Function mk = f.program.function("mk");
        Edge init = edge(mk, Stmt.Assign.class, ".n = 0");
        Set<Region> inside = regions.lvalue(mk, init.from(), ((Stmt.Assign) init.stmt()).lhs());
        assertEquals(Set.of(ha, hb), inside.stream().map(Region::object).collect(Collectors.toSet()));
        for (Region r : inside) assertEquals(0, r.minStart());
        // the write in main only its own block
        Function main = f.program.function("main");
        Edge write = edge(main, Stmt.Assign.class, ".n = 1");
        Lvalue lhs = ((Stmt.Assign) write.stmt()).lhs();
        assertEquals(Set.of(ha), regions.lvalue(main, write.from(), lhs).stream().map(Region::object).collect(Collectors.toSet()));
        // the parameter is copied per clone: each block's owner field holds only its caller's argument
        assertEquals(Set.of("x"), PointerFixture.names(f.pt.contents(new Loc(ha, 4))));
        assertEquals(Set.of("y"), PointerFixture.names(f.pt.contents(new Loc(hb, 4))));
        // while queries about the parameter cover every clone
        assertEquals(Set.of("x", "y"), f.pts("mk.owner"));
    }

    @Test
    void wrapperCallingWrappersTwiceKeepsInnerCallsApart() throws Exception {
        PointerFixture f = PointerFixture.of(dir, """
                #include <stdlib.h>
                struct dev { char *buf; };
                void *xmalloc(unsigned long n) { void *p = malloc(n); if (!p) abort(); return p; }
                struct dev *mkdev(void) { struct dev *d = xmalloc(sizeof *d); d->buf = xmalloc(16); return d; }
                struct dev *a, *b;
                int main() { a = mkdev(); b = mkdev(); return 0; }
                """);
        MemObject.Heap da = heap(f.pt.contents(f.loc("a", 0)));
        MemObject.Heap db = heap(f.pt.contents(f.loc("b", 0)));
        MemObject.Heap bufA = heap(f.pt.contents(new Loc(da, 0)));
        MemObject.Heap bufB = heap(f.pt.contents(new Loc(db, 0)));
        assertEquals(4, Set.of(da, db, bufA, bufB).size());
        assertEquals(da.context(), bufA.context());
        assertNotEquals(da.via(), bufA.via());
        assertEquals(Set.of(), f.pt.contents(new Loc(bufA, 0)));
    }

    @Test
    void nestingBeyondTheDepthLimitFallsBackToTheSharedVersion() throws Exception {
        PointerFixture f = PointerFixture.of(dir, """
                #include <stdlib.h>
                void *w6(void) { return malloc(4); }
                void *w5(int c) { if (c) return malloc(8); return w6(); }
                void *w4(int c) { return w5(c); }
                void *w3(int c) { return w4(c); }
                void *w2(int c) { return w3(c); }
                void *w1(int c) { return w2(c); }
                void *a, *b, *direct;
                int main(int c) { a = w1(c); b = w1(c); direct = w5(c); return 0; }
                """);
        Set<Loc> pa = f.pt.contents(f.loc("a", 0));
        Set<Loc> pb = f.pt.contents(f.loc("b", 0));
        Set<Loc> pd = f.pt.contents(f.loc("direct", 0));
        // w1..w4 are cloned, w5 is reached at depth 5: its shared version serves both calls
        assertEquals(pa, pb);
        assertEquals(2, pa.size(), pa.toString());
        Edge w5CallsW6 = f.calls("w5", "w6").get(0);
        Set<MemObject> shared = objects(pa);
        for (MemObject o : shared) {
            MemObject.Heap h = (MemObject.Heap) o;
            if (h.function().equals("w5")) assertNull(h.context());
            else assertEquals(w5CallsW6, h.context());
        }
        // the direct call clones w5 (and w6 inside): objects disjoint from the shared version's
        assertEquals(2, pd.size(), pd.toString());
        for (Loc l : pd) {
            MemObject.Heap h = (MemObject.Heap) l.object();
            assertEquals(f.calls("main", "w5").get(0), h.context());
            for (MemObject o : shared) assertFalse(f.pt.mayAlias(h, o), h + " vs " + o);
        }
        // inside w5, all versions: the shared one and the clone
        Set<MemObject> all = new HashSet<>(shared);
        all.addAll(objects(pd));
        Function w5 = f.program.function("w5");
        Set<MemObject> inW5 = new HashSet<>();
        for (Edge e : w5.cfg().edges()) {
            if (e.stmt() instanceof Stmt.Return r && r.value() != null) inW5.addAll(objects(f.pt.eval("w5", r.value())));
        }
        assertEquals(all, inW5);
    }

    @Test
    void addressTakenLocalsAreSharedByAllClones() throws Exception {
        PointerFixture f = PointerFixture.of(dir, """
                #include <stdlib.h>
                void *mk(void) { int *p = malloc(4); int **pp = &p; return *pp; }
                int *a, *b;
                int main() { a = mk(); b = mk(); return 0; }
                """);
        // p can be reached through a pointer, so it is not copied: both results see both blocks (sound)
        Set<Loc> pa = f.pt.contents(f.loc("a", 0));
        assertEquals(2, pa.size(), pa.toString());
        assertEquals(pa, f.pt.contents(f.loc("b", 0)));
        assertEquals(pa, f.pt.contents(f.loc("mk.p", 0)));
    }

    @Test
    void wrappersCalledThroughPointersAreClonedPerCallSite() throws Exception {
        PointerFixture f = PointerFixture.of(dir, """
                #include <stdlib.h>
                void *mk(void) { return malloc(4); }
                void *(*fp)(void) = mk;
                int *a, *b, *c;
                int main() { a = mk(); b = fp(); c = fp(); return 0; }
                """);
        MemObject.Heap ha = heap(f.pt.contents(f.loc("a", 0)));
        MemObject.Heap hb = heap(f.pt.contents(f.loc("b", 0)));
        MemObject.Heap hc = heap(f.pt.contents(f.loc("c", 0)));
        assertEquals(3, Set.of(ha, hb, hc).size(), "a direct and two indirect calls, three objects");
        List<Edge> indirect = f.calls("main", null);
        assertEquals(Set.copyOf(indirect), Set.of(hb.context(), hc.context()));
        assertFalse(f.pt.mayAlias(hb, hc));
    }

    @Test
    void operationsTableAllocatorKeepsTableSlotsAndEntriesApart() throws Exception {
        // the NSPR hash table idiom: header, bucket array and entries all allocated through allocOps->alloc
        PointerFixture f = PointerFixture.of(dir, """
                #include <stdlib.h>
                struct ops { void *(*alloc)(void *pool, unsigned long n); };
                struct entry { int key; int val; };
                struct table { const struct ops *ops; struct entry **slots; };
                static void *default_alloc(void *pool, unsigned long n) { return malloc(n); }
                static struct ops default_ops = { default_alloc };
                struct table *tab; struct entry **sl; struct entry *got;
                int main() {
                  const struct ops *ops = &default_ops;
                  tab = ops->alloc(0, sizeof *tab);
                  tab->slots = ops->alloc(0, 8 * sizeof(struct entry *));
                  tab->ops = ops;
                  tab->slots[3] = tab->ops->alloc(0, sizeof(struct entry));
                  got = tab->slots[3];
                  sl = tab->slots;
                  return 0;
                }
                """);
        MemObject.Heap header = heap(f.pt.contents(f.loc("tab", 0)));
        MemObject.Heap slots = heap(f.pt.contents(f.loc("sl", 0)));
        assertNotEquals(header, slots);
        // the slots hold entries only: never the operations table stored in the header
        Set<MemObject> got = objects(f.pt.contents(f.loc("got", 0)));
        assertEquals(1, got.size(), got.toString());
        MemObject entry = got.iterator().next();
        assertNotEquals(header, entry);
        assertNotEquals(slots, entry);
        assertTrue(f.pt.isComplete(), f.pt.incompleteReasons().toString());
    }

    @Test
    void startRoutinesAndCallbacksUseTheSharedVersion() throws Exception {
        PointerFixture f = PointerFixture.of(dir, """
                #include <stdlib.h>
                #include <pthread.h>
                int *seen;
                void *mk(void *arg) { int *p = malloc(4); seen = p; return p; }
                int *a;
                int main() { pthread_t t; pthread_create(&t, 0, mk, 0); a = mk(0); return 0; }
                """);
        // the thread's activation allocates the context-free block, main's call its own
        Set<MemObject> seen = objects(f.pt.contents(f.loc("seen", 0)));
        MemObject.Heap ha = heap(f.pt.contents(f.loc("a", 0)));
        assertEquals(2, seen.size(), seen.toString());
        assertTrue(seen.contains(ha));
        assertTrue(seen.stream().anyMatch(o -> o instanceof MemObject.Heap h && h.context() == null), seen.toString());
    }

    @Test
    void raceAnalysisTellsWrapperAllocationsApart() throws Exception {
        String common = KMALLOC + """
                #include <pthread.h>
                int *c1, *c2;
                void *t1(void *arg) { *c1 = 1; return 0; }
                void *t2(void *arg) { *%s = 2; return 0; }
                int main() {
                  pthread_t a, b;
                  c1 = kmalloc(4, 0);
                  c2 = kmalloc(4, 0);
                  pthread_create(&a, 0, t1, 0);
                  pthread_create(&b, 0, t2, 0);
                  pthread_join(a, 0);
                  pthread_join(b, 0);
                  return 0;
                }
                """;
        AnalysisOptions options = new AnalysisOptions(200, 100, true, 3000);
        Program free = PointerFixture.load(dir, common.formatted("c2"));
        AnalysisResult r = new RaceAnalysis(options).run(free);
        assertEquals(Verdict.TRUE, r.verdict(), r.reason() + " " + r.races());
        Program racy = PointerFixture.load(dir, common.formatted("c1"));
        AnalysisResult q = new RaceAnalysis(options).run(racy);
        // the race on c1's block is kept (whether the search then confirms it is not up to points-to)
        assertNotEquals(Verdict.TRUE, q.verdict(), q.reason());
        assertTrue(q.races().stream().anyMatch(p -> p.first().loc().line() != p.second().loc().line()), q.races().toString());
    }
}
