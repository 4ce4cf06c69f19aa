package weft.pointer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import weft.ir.Edge;
import weft.ir.Stmt;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Heap objects, allocation wrappers, function pointers, threads, library copies, external code. */
class PointsToHeapAndCallsTest {
    @TempDir
    Path dir;

    private static final String HEADERS = """
            #include <pthread.h>
            #include <stdlib.h>
            #include <string.h>
            """;

    private static MemObject.Heap heap(Loc l) {
        return (MemObject.Heap) l.object();
    }

    @Test
    void heapSitesAreDistinctAndHoldStores() throws Exception {
        PointerFixture f = PointerFixture.of(dir, HEADERS + """
                int x; int **a, **b; int *r;
                int main() { a = malloc(sizeof(int *)); b = malloc(sizeof(int *)); *a = &x; r = *a; return 0; }
                """);
        Set<Loc> pa = f.pt.contents(f.loc("a", 0));
        Set<Loc> pb = f.pt.contents(f.loc("b", 0));
        assertEquals(1, pa.size());
        assertEquals(1, pb.size());
        assertNotEquals(pa, pb);
        MemObject.Heap h = heap(pa.iterator().next());
        assertEquals("main", h.function());
        assertNull(h.context());
        assertEquals(4, h.size());
        assertEquals(Set.of("x"), PointerFixture.names(f.pt.contents(pa.iterator().next())));
        assertEquals(Set.of(), PointerFixture.names(f.pt.contents(pb.iterator().next())));
        assertEquals(Set.of("x"), f.pts("r"));
    }

    @Test
    void mallocWrapperGivesOneObjectPerCallSite() throws Exception {
        PointerFixture f = PointerFixture.of(dir, HEADERS + """
                struct N { int *v; struct N *next; };
                int x, y; struct N *a, *b;
                struct N *mk(int *v) { struct N *n = malloc(sizeof *n); n->v = v; n->next = 0; return n; }
                int main() { a = mk(&x); b = mk(&y); a->next = b; return 0; }
                """);
        Set<Loc> pa = f.pt.contents(f.loc("a", 0));
        Set<Loc> pb = f.pt.contents(f.loc("b", 0));
        assertEquals(1, pa.size(), pa.toString());
        assertEquals(1, pb.size(), pb.toString());
        MemObject.Heap ha = heap(pa.iterator().next());
        MemObject.Heap hb = heap(pb.iterator().next());
        assertNotEquals(ha, hb);
        assertEquals(ha.site(), hb.site());
        assertEquals("mk", ha.function());
        assertTrue(ha.context() != null && hb.context() != null);
        assertEquals(f.calls("main", "mk").get(0), ha.context());
        // the store inside the wrapper reaches both per-call-site objects (context-insensitively)
        assertTrue(PointerFixture.names(f.pt.contents(new Loc(ha, 0))).contains("x"));
        assertTrue(PointerFixture.names(f.pt.contents(new Loc(hb, 0))).contains("y"));
        // a store after return only affects its own object
        assertEquals(pb, f.pt.contents(new Loc(ha, 4)));
        assertEquals(Set.of(), f.pt.contents(new Loc(hb, 4)));
        assertTrue(f.pt.isComplete(), f.pt.incompleteReasons().toString());
    }

    @Test
    void wrapperObjectStoredInGlobalIsSplitAndGlobalSeesAll() throws Exception {
        PointerFixture f = PointerFixture.of(dir, HEADERS + """
                void *last; int *a, *b;
                void *mk(void) { void *p = malloc(4); last = p; return p; }
                int main() { a = mk(); b = mk(); return 0; }
                """);
        Set<Loc> pa = f.pt.contents(f.loc("a", 0));
        Set<Loc> pb = f.pt.contents(f.loc("b", 0));
        assertEquals(1, pa.size(), pa.toString());
        assertEquals(1, pb.size(), pb.toString());
        assertNotEquals(pa, pb);
        Set<Loc> both = new java.util.HashSet<>(pa);
        both.addAll(pb);
        assertEquals(both, f.pt.contents(f.loc("last", 0)));
    }

    @Test
    void functionPointersResolveIndirectCalls() throws Exception {
        PointerFixture f = PointerFixture.of(dir, """
                int x;
                void set(int **pp, int *v) { *pp = v; }
                int inc(int v) { return v + 1; }
                int dec(int v) { return v - 1; }
                struct Ops { int (*op)(int); void (*setter)(int **, int *); } ops = { inc, set };
                int *target;
                int main(int c) {
                  int (*fp)(int) = c ? inc : dec;
                  int r = fp(1);
                  ops.setter(&target, &x);
                  return r + ops.op(2); }
                """);
        List<Edge> indirect = f.calls("main", null);
        assertEquals(3, indirect.size());
        Set<String> all = new java.util.TreeSet<>();
        for (Edge e : indirect) all.addAll(PointerFixture.functionNames(f.pt.callees("main", (Stmt.Call) e.stmt())));
        assertEquals(Set.of("dec", "inc", "set"), all);
        assertEquals(Set.of("x"), f.pts("target"));
        assertTrue(f.pt.isComplete(), f.pt.incompleteReasons().toString());
    }

    @Test
    void threadRoutineAndArgument() throws Exception {
        PointerFixture f = PointerFixture.of(dir, HEADERS + """
                int x, y; int *res;
                void *worker(void *arg) { int *q = arg; *q = 1; return &y; }
                pthread_once_t once = PTHREAD_ONCE_INIT;
                void init(void) { }
                int main() {
                  pthread_t t;
                  pthread_create(&t, 0, worker, &x);
                  pthread_once(&once, init);
                  pthread_join(t, (void **)&res);
                  return 0; }
                """);
        Stmt.Call create = (Stmt.Call) f.calls("main", "pthread_create").get(0).stmt();
        assertEquals(Set.of("worker"), PointerFixture.functionNames(f.pt.threadRoutines("main", create)));
        Stmt.Call once = (Stmt.Call) f.calls("main", "pthread_once").get(0).stmt();
        assertEquals(Set.of("init"), PointerFixture.functionNames(f.pt.threadRoutines("main", once)));
        assertEquals(Set.of("x"), f.pts("worker.arg"));
        assertEquals(Set.of("x"), f.pts("worker.q"));
        assertEquals(Set.of("y"), f.pts("res"));
        assertTrue(f.pt.callees("main", create).isEmpty());
        assertTrue(f.pt.isComplete(), f.pt.incompleteReasons().toString());
    }

    @Test
    void memcpyAndReallocCopyPointers() throws Exception {
        PointerFixture f = PointerFixture.of(dir, HEADERS + """
                int x, y; int *src[2]; int *dst[2]; int *any[2]; int **h, **h2; int *ret;
                int main(int n) {
                  src[0] = &x; src[1] = &y;
                  memcpy(dst, src, sizeof src);
                  memcpy(any, src, n);
                  h = malloc(8); h[1] = &y;
                  h2 = realloc(h, 16);
                  ret = memcpy(dst, src, 4);
                  return 0; }
                """);
        assertEquals(Set.of("x"), f.pts("dst", 0));
        assertEquals(Set.of("y"), f.pts("dst", 4));
        assertEquals(Set.of("x"), f.pts("any", 0));
        assertEquals(Set.of("y"), f.pts("any", 4));
        Loc h2 = f.pt.contents(f.loc("h2", 0)).iterator().next();
        assertEquals(Set.of("y"), PointerFixture.names(f.pt.contents(new Loc(h2.object(), 4))));
        assertEquals(Set.of("dst"), f.pts("ret"));
    }

    @Test
    void linkedList() throws Exception {
        PointerFixture f = PointerFixture.of(dir, HEADERS + """
                struct node { int v; struct node *next; };
                struct node *head;
                void push(int v) { struct node *n = malloc(sizeof *n); n->v = v; n->next = head; head = n; }
                int sum(void) { int s = 0; for (struct node *p = head; p; p = p->next) s += p->v; return s; }
                int main() { push(1); push(2); return sum(); }
                """);
        Set<Loc> h = f.pt.contents(f.loc("head", 0));
        assertEquals(1, h.size());
        Loc node = h.iterator().next();
        assertEquals(h, f.pt.contents(new Loc(node.object(), 4)));
        assertEquals(h, f.pt.contents(f.loc("sum.p", 0)));
        assertEquals(Set.of(f.loc("head", 0).object(), node.object()), f.pt.reachable(List.of(f.loc("head", 0))));
    }

    @Test
    void externalCodeYieldsUnknownAndCanBeIncomplete() throws Exception {
        PointerFixture f = PointerFixture.of(dir, """
                extern int *getp(void);
                extern void use(int **p);
                int x; int *gp; int *p, *q;
                int main() { gp = &x; use(&gp); p = getp(); q = gp; return 0; }
                """);
        assertTrue(f.pts("p").contains("unknown+?"), f.pts("p").toString());
        assertTrue(f.pts("p").contains("gp"), "escaped objects are visible to external code");
        assertTrue(f.pts("q").contains("x"));
        assertTrue(f.pts("q").contains("unknown+?"), "external code may store into escaped memory");
        assertTrue(f.pt.isComplete(), f.pt.incompleteReasons().toString());

        PointerFixture g = PointerFixture.of(dir, """
                extern void on_event(void (*cb)(int *));
                int *seen;
                void cb(int *v) { seen = v; }
                int main() { on_event(cb); return 0; }
                """);
        assertFalse(g.pt.isComplete());
        assertTrue(g.pts("seen").contains("unknown+?"), "callbacks get unknown arguments");
    }

    @Test
    void unresolvedIndirectCallIsIncomplete() throws Exception {
        PointerFixture f = PointerFixture.of(dir, """
                void (*hook)(void);
                int main() { hook(); return 0; }
                """);
        assertFalse(f.pt.isComplete());
        assertTrue(f.pt.callees("main", (Stmt.Call) f.calls("main", null).get(0).stmt()).isEmpty());
    }

    @Test
    void atomicsMovePointers() throws Exception {
        PointerFixture f = PointerFixture.of(dir, """
                int x, y; int *gp; int *old, *old2;
                int main() {
                  __atomic_store_n(&gp, &x, 5);
                  old = __atomic_exchange_n(&gp, &y, 5);
                  old2 = __sync_val_compare_and_swap(&gp, &x, &y);
                  return 0; }
                """);
        assertEquals(Set.of("x", "y"), f.pts("gp"));
        assertEquals(Set.of("x", "y"), f.pts("old"));
        assertEquals(Set.of("x", "y"), f.pts("old2"));
    }

    /**
     * Threads started through one function pointer come out in the same order in every run (the
     * order of the report and of the capped race list depends on it): name order, not the solver's
     * propagation order or a hash order that changes between JVMs.
     */
    @Test
    void threadsThroughOneFunctionPointerComeInNameOrder() throws Exception {
        PointerFixture f = PointerFixture.of(dir, HEADERS + """
                void *e(void *a) { return a; } void *c(void *a) { return a; } void *a(void *x) { return x; }
                void *d(void *a) { return a; } void *b(void *a) { return a; } void *g(void *a) { return a; }
                void spawn(void *(*start)(void *)) { pthread_t t; pthread_create(&t, 0, start, 0); }
                int main() { spawn(g); spawn(e); spawn(c); spawn(a); spawn(d); spawn(b); return 0; }
                """);
        weft.thread.CallGraph calls = new weft.thread.CallGraph(f.program, f.pt);
        weft.thread.ThreadGraph graph = new weft.thread.ThreadGraph(f.program, calls, "main", 50);
        List<String> routines = graph.threads().stream().map(weft.thread.ThreadId::routine).toList();
        assertEquals(List.of("main", "a", "b", "c", "d", "e", "g"), routines);
    }
}
