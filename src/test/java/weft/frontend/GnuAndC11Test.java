package weft.frontend;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import weft.ir.CType;
import weft.ir.DataModel;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.ir.StructType;
import weft.ir.Variable;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static weft.frontend.FrontendTestSupport.fn;
import static weft.frontend.FrontendTestSupport.global;
import static weft.frontend.FrontendTestSupport.load;
import static weft.frontend.FrontendTestSupport.local;
import static weft.frontend.FrontendTestSupport.plain;
import static weft.frontend.FrontendTestSupport.stmts;
import static weft.frontend.FrontendTestSupport.stmtsOf;

/** GNU extensions and C11 features that must parse and lower: qualifiers, thread-locals, attributes... */
class GnuAndC11Test {
    @TempDir
    Path dir;

    @Test
    void atomicQualifier() {
        Program p = load(dir, """
                #include <stdatomic.h>
                _Atomic int ai;
                _Atomic(long) al;
                _Atomic int *to_atomic;
                _Atomic(int *) atomic_ptr;
                int * _Atomic atomic_ptr2;
                atomic_int std_ai;
                typedef _Atomic int aint;
                aint td;
                struct S { _Atomic int cnt; int plain; };
                struct S s;
                int f(void) { _Atomic long local = 2; ai = 1; al += 2; return local; }
                """);
        for (String name : List.of("ai", "al", "atomic_ptr", "atomic_ptr2", "std_ai", "td")) {
            CType t = global(p, name).type();
            assertTrue(t.isAtomic(), name + " : " + t);
            assertFalse(t.isVolatile(), name + " : " + t);
        }
        assertEquals("long", global(p, "al").type().unqualified().toString());
        assertEquals(4, global(p, "al").type().size());
        CType toAtomic = global(p, "to_atomic").type();
        assertFalse(toAtomic.isAtomic(), "a pointer to atomic is not itself atomic");
        assertTrue(toAtomic.pointee().isAtomic());
        assertTrue(global(p, "atomic_ptr").type().isPointer());
        assertFalse(global(p, "atomic_ptr").type().pointee().isAtomic());
        StructType st = (StructType) global(p, "s").type();
        assertTrue(st.field("cnt").type().isAtomic());
        assertFalse(st.field("plain").type().isAtomic());
        Function f = fn(p, "f");
        assertTrue(local(f, "local").type().isAtomic());
        assertEquals(List.of("decl local : _Atomic long", "local = 2", "ai = 1", "al = (al + 2)", "return local"), plain(f));
    }

    @Test
    void atomicRewriteKeepsColumns() {
        Program p = load(dir, """
                _Atomic int a1; _Atomic(int) a2; int x;
                int f(void) { _Atomic(long) l = 0; return a1 + a2 + x + l; }
                """);
        assertEquals("1:13", at(global(p, "a1")));
        assertEquals("1:30", at(global(p, "a2")));
        assertEquals("1:38", at(global(p, "x")));
        Function f = fn(p, "f");
        assertEquals(List.of("decl l : _Atomic long @2:29", "l = 0 @2:33", "return (((a1 + a2) + x) + l) @2:36"), stmts(f));
        assertEquals(List.of("W l @2:33", "R a1 @2:43", "R a2 @2:48", "R x @2:53", "R l @2:57"), FrontendTestSupport.accesses(f));
    }

    @Test
    void volatileIsNotAtomic() {
        Program p = load(dir, """
                volatile int v;
                const volatile int cv;
                volatile const int vc;
                const int c = 1;
                volatile int *to_volatile;
                int * volatile volatile_ptr;
                struct { volatile long x; } s;
                """);
        for (String name : List.of("v", "cv", "vc", "volatile_ptr")) {
            CType t = global(p, name).type();
            assertTrue(t.isVolatile(), name + " : " + t);
            assertFalse(t.isAtomic(), name + " : " + t);
        }
        assertFalse(global(p, "c").type().isVolatile());
        assertFalse(global(p, "c").type().isAtomic());
        assertFalse(global(p, "to_volatile").type().isVolatile());
        assertTrue(global(p, "to_volatile").type().pointee().isVolatile());
        assertTrue(((StructType) global(p, "s").type()).field("x").type().isVolatile());
        // const volatile is rewritten to volatile for the parser; columns still map back.
        assertEquals("2:20", at(global(p, "cv")));
        assertEquals("3:20", at(global(p, "vc")));
        assertEquals("6:16", at(global(p, "volatile_ptr")));
    }

    @Test
    void threadLocalStorage() {
        Program p = load(dir, """
                _Thread_local int t1;
                __thread int t2;
                static __thread int t3;
                extern __thread int t4;
                int shared;
                int f(void) {
                  static _Thread_local int t5;
                  __thread static int t6;
                  static int s7;
                  return t1 + t2 + t3 + t5 + t6 + s7 + shared;
                }
                """);
        for (String name : List.of("t1", "t2", "t3", "t4", "f.t5", "f.t6")) {
            Variable v = global(p, name);
            assertTrue(v.threadLocal(), name);
            assertTrue(v.isStatic(), name);
        }
        assertFalse(global(p, "shared").threadLocal());
        assertFalse(global(p, "f.s7").threadLocal());
        assertEquals(Variable.Kind.STATIC_LOCAL, global(p, "f.t5").kind());
        assertEquals("1:19", at(global(p, "t1")));
        assertEquals("2:14", at(global(p, "t2")));
    }

    @Test
    void attributesAndExtensionKeyword() {
        Program p = load(dir, """
                struct __attribute__((aligned(4))) A { int x; } __attribute__((unused));
                __extension__ typedef long long ll_t;
                __extension__ struct A ga;
                int v __attribute__((aligned(8))) = 3;
                static int helper(int) __attribute__((noinline));
                static int helper(int x) { return x + 1; }
                __attribute__((noreturn)) void die(void);
                #define fallthrough __attribute__((__fallthrough__))
                int __attribute__((weak)) f(int a __attribute__((unused)), ...) {
                  ll_t big = __extension__ 10LL;
                  switch (a) {
                  case 1:
                    big++;
                    __attribute__((fallthrough));
                  case 2:
                    big++;
                    fallthrough;
                  default:
                    big += helper(a);
                  }
                  return (int) big;
                }
                """);
        assertEquals(List.of("+0 int = 3"), FrontendTestSupport.initItems(p, "v"));
        assertTrue(fn(p, "f").type().varargs());
        assertTrue(fn(p, "helper").isStatic());
        assertEquals(8, local(fn(p, "f"), "big").type().size());
        IrInterpreter run = new IrInterpreter(p);
        assertEquals(10 + 1 + 1 + 2, run.run("f", 1));
        assertEquals(10 + 1 + 3, run.run("f", 2));
        assertEquals(10 + 6, run.run("f", 5));
    }

    @Test
    void typeofAndInt128() {
        Program p = load(dir, """
                int x;
                typeof(x) y;
                __typeof__(&x) px;
                __typeof__(struct { char c; long l; }) anon;
                __int128 big;
                unsigned __int128 ubig;
                int f(void) { __typeof__(x + 1L) t = 1; typeof(big) b = 2; return t + b; }
                """);
        assertEquals("int", global(p, "y").type().toString());
        assertEquals("int*", global(p, "px").type().toString());
        assertEquals(8, global(p, "anon").type().size());
        CType.Int big = assertInstanceOf(CType.Int.class, global(p, "big").type());
        assertEquals(16, big.size());
        assertTrue(big.signed());
        assertFalse(((CType.Int) global(p, "ubig").type()).signed());
        assertEquals("long", local(fn(p, "f"), "t").type().toString());
        assertEquals("__int128", local(fn(p, "f"), "b").type().toString());
    }

    @Test
    void variableLengthArrays() {
        Program p = load(dir, """
                int sum(int n) {
                  int v[n];
                  int m[n][3];
                  for (int i = 0; i < n; i++) { v[i] = i; m[i][2] = i; }
                  return v[n - 1] + m[0][2];
                }
                """);
        Function f = fn(p, "sum");
        CType.Array v = assertInstanceOf(CType.Array.class, local(f, "v").type());
        assertEquals(-1, v.length());
        assertEquals("int", v.element().toString());
        CType.Array m = assertInstanceOf(CType.Array.class, local(f, "m").type());
        assertEquals(12, m.element().size());
        Stmt.Assign vi = stmtsOf(f, Stmt.Assign.class).stream().filter(a -> a.toString().startsWith("v[")).findFirst().orElseThrow();
        assertInstanceOf(Lvalue.Index.class, vi.lhs());
        // the size expressions are evaluated (read) where the declaration is reached, and the declaration
        // carries the runtime byte size
        assertEquals(List.of("__t0 = (unsigned long)n", "__t1 = (__t0 * 4)", "decl v : int[] size __t1",
                "__t2 = (unsigned long)n", "__t3 = ((__t2 * 3) * 4)", "decl m : int[3][] size __t3"), plain(f).subList(0, 6));
    }

    @Test
    void vlaSizedByAGlobalIsNotTypedFromItsInitialiser() {
        Program p = load(dir, """
                int n = 3;
                typedef int row[n];
                unsigned long f(void) {
                  int a[n];
                  unsigned long s = sizeof a;
                  unsigned long t = sizeof(int[n]);
                  return s + t + a[2];
                }
                """);
        Function f = fn(p, "f");
        assertEquals(-1, ((CType.Array) local(f, "a").type()).length(), "CDT folds n's initialiser into [3]");
        List<String> ss = plain(f);
        assertEquals("__t0 = (unsigned long)n", ss.get(0), "the size expression reads n");
        assertTrue(ss.contains("s = __t1"), "sizeof a is the size computed at the declaration: " + ss);
        assertTrue(ss.contains("__t2 = (unsigned long)n") && ss.contains("t = __t3"), "sizeof(int[n]) reads n: " + ss);
    }

    @Test
    void atomicPointerVersusPointerToAtomic() {
        Program p = load(dir, """
                int x;
                _Atomic(int *) q = &x;
                int *_Atomic r = &x;
                _Atomic int *pa;
                _Atomic(int) *pb;
                void f(void) { *q = 1; q[0] = 2; *r = 3; *pa = 4; *pb = 5; }
                """);
        List<Stmt.Assign> as = stmtsOf(fn(p, "f"), Stmt.Assign.class);
        assertEquals(List.of(false, false, false, true, true), as.stream().map(a -> a.lhs().type().isAtomic()).toList());
    }

    @Test
    void autoTypeTakesTheTypeOfItsInitialiser() {
        Program p = load(dir, """
                #include <stdatomic.h>
                struct box { int count; };
                struct pair { long tag; struct box *ptr; };
                struct box *_Atomic holder;
                _Atomic struct pair slot;
                struct box *get(void) { return atomic_load(&holder); }
                void put(struct box *b) { atomic_store(&holder, b); }
                struct pair whole(void) { return atomic_load(&slot); }
                long user(void) {
                  __auto_type s = "a;b)";
                  __auto_type q = &slot;
                  __auto_type v = atomic_load(&holder);
                  __auto_type d = 2.5 +
                      1;
                  return (long) sizeof s + (long) sizeof v + (long) d;
                }
                """);
        assertEquals("_Atomic struct box**", local(fn(p, "get"), "__atomic_load_ptr").type().toString());
        // gcc's non-atomic temporary: __typeof__((void)0, *ptr) drops the qualifiers
        assertEquals("struct box*", local(fn(p, "get"), "__atomic_load_tmp").type().toString());
        assertEquals("struct box*", local(fn(p, "put"), "__atomic_store_tmp").type().toString());
        CType tmp = local(fn(p, "whole"), "__atomic_load_tmp").type();
        assertTrue(tmp instanceof StructType && !tmp.isAtomic(), "struct temporary: " + tmp);
        Function user = fn(p, "user");
        assertEquals("char*", local(user, "s").type().toString());
        assertTrue(local(user, "q").type().pointee().isAtomic(), "q : " + local(user, "q").type());
        assertEquals("struct box*", local(user, "v").type().toString());
        assertEquals("double", local(user, "d").type().toString());
    }

    @Test
    void knrFunctionDefinitions() {
        Program p = load(dir, """
                int add(a, b)
                  int a;
                  char *b;
                {
                  return a + b[0];
                }
                int old(x) { return x * 2; }
                int use(void) { return old(21); }
                """);
        Function add = fn(p, "add");
        assertEquals(List.of("a", "b"), add.params().stream().map(Variable::name).toList());
        assertEquals("int", add.params().get(0).type().toString());
        assertEquals("char*", add.params().get(1).type().toString());
        assertEquals(List.of("return (a + *((b + 0)))"), plain(add));
        assertEquals(42, new IrInterpreter(p).run("use"));
    }

    @Test
    void staticAssertionsAreIgnored() {
        Program p = load(dir, """
                #include <assert.h>
                _Static_assert(sizeof(int) == 4, "int is 4 bytes");
                struct T { int a; _Static_assert(1, "inside a struct"); int b; };
                struct T t;
                int f(void) {
                  _Static_assert(2 > 1, "in a block");
                  static_assert(1, "via assert.h");
                  return t.b;
                }
                """);
        StructType t = (StructType) global(p, "t").type();
        assertEquals(8, t.size());
        assertEquals(4, t.field("b").offset());
        assertEquals(List.of("return t.b"), plain(fn(p, "f")));
    }

    @Test
    void systemHeadersUnderLp64() {
        Program p = load(dir, "sys.c", """
                #include <pthread.h>
                #include <stdio.h>
                #include <stdlib.h>
                #include <string.h>
                pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
                int counter;
                void *worker(void *arg) {
                  pthread_mutex_lock(&m);
                  counter++;
                  pthread_mutex_unlock(&m);
                  return NULL;
                }
                int main(void) {
                  pthread_t t;
                  char *buf = malloc(16);
                  strcpy(buf, "x");
                  pthread_create(&t, NULL, worker, NULL);
                  printf("%d\\n", counter);
                  pthread_join(t, NULL);
                  free(buf);
                  return 0;
                }
                """, DataModel.LP64);
        assertEquals(40, global(p, "m").type().size(), "glibc x86-64 pthread_mutex_t");
        List<String> calls = stmtsOf(fn(p, "main"), Stmt.Call.class).stream().map(Stmt.Call::directName).toList();
        assertEquals(List.of("malloc", "strcpy", "pthread_create", "printf", "pthread_join", "free"), calls);
        Stmt.Call create = stmtsOf(fn(p, "main"), Stmt.Call.class).get(2);
        assertEquals("worker", create.args().get(2).toString());
    }

    private static String at(Variable v) {
        return v.loc().line() + ":" + v.loc().col();
    }
}
