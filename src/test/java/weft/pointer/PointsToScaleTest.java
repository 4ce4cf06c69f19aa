package weft.pointer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import weft.ir.Function;
import weft.ir.Program;

import java.nio.file.Path;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Analyses a generated program (pointer copies, field loads/stores through heap lists, array accesses,
 * calls, function-pointer tables, threads). Not a timed assertion: the time is printed. The size can be
 * raised with {@code -Dweft.pointer.scale=N} (functions; about 100 IR statements each).
 */
class PointsToScaleTest {
    @TempDir
    Path dir;

    @Test
    void generatedProgramAnalyses() throws Exception {
        int functions = Integer.getInteger("weft.pointer.scale", 250);
        String code = generate(functions, 6, new Random(42));
        long t0 = System.nanoTime();
        Program program = PointerFixture.load(dir, code);
        long t1 = System.nanoTime();
        PointsTo pt = PointsTo.analyze(program);
        long t2 = System.nanoTime();
        long statements = program.functions().values().stream().mapToLong(f -> f.cfg().edges().size()).sum();
        System.out.printf("points-to scale: %d lines, %d functions, %d IR statements: front end %d ms, analysis %d ms; %s%n",
                code.lines().count(), program.functions().size(), statements, (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000, pt);
        assertTrue(statements >= 20_000, "statements " + statements);
        // sanity: the list built by f0 is reachable from the globals, routines are resolved
        Function f0 = program.function("f0");
        assertFalse(pt.callees("main", (weft.ir.Stmt.Call) program.function("main").cfg().edges().stream()
                .filter(e -> e.stmt() instanceof weft.ir.Stmt.Call c && c.directName() == null)
                .findFirst().orElseThrow().stmt()).isEmpty());
        Set<Loc> ret = pt.contents(new Loc(new MemObject.Var(f0.locals().get(0)), 0));
        assertFalse(ret.isEmpty());
    }

    /**
     * A synthetic program of {@code n} functions of {@code blocks} blocks of about 12 pointer statements.
     * (Few large functions: the front end's cost grows quadratically with the number of functions.)
     */
    static String generate(int n, int blocks, Random rnd) {
        StringBuilder sb = new StringBuilder();
        sb.append("""
                #include <pthread.h>
                #include <stdlib.h>
                struct node { int v; struct node *next; int *data; };
                int g[64]; int *gp[64]; struct node *gl[64];
                typedef int *(*fn_t)(int *, struct node *);
                """);
        // no forward declarations: calls go to earlier functions, the function-pointer table is filled at run time
        int tableSize = Math.min(n, 32);
        sb.append("fn_t table[").append(tableSize).append("];\n");
        for (int i = 0; i < n; i++) {
            sb.append("int *f").append(i).append("(int *a, struct node *n) {\n");
            sb.append("  int *p, *q = a; struct node *m; int idx;\n");
            for (int blk = 0; blk < blocks; blk++) {
                int k = rnd.nextInt(64);
                sb.append("  p = &g[").append(k).append("];\n");
                sb.append("  m = malloc(sizeof(struct node));\n");
                sb.append("  m->data = p;\n  m->next = n;\n  m->v = ").append(i).append(";\n");
                sb.append("  gp[").append(k).append("] = q;\n");
                sb.append("  gl[").append((k + 7) % 64).append("] = m;\n");
                sb.append("  q = m->data;\n  n = m->next;\n");
                sb.append("  p = gp[").append((k + 1) % 64).append("];\n");
                sb.append("  if (n && n->next) q = n->next->data;\n");
                sb.append("  idx = ").append((i + blk) % 64).append(" + a[0];\n");
                sb.append("  gp[idx % 64] = p + 1;\n");
                if (i > 0 && rnd.nextInt(3) == 0) sb.append("  q = f").append(rnd.nextInt(i)).append("(p, m);\n");
                if (rnd.nextInt(5) == 0) sb.append("  q = table[").append(k % tableSize).append("](q, n);\n");
            }
            sb.append("  return q;\n}\n");
        }
        sb.append("""
                void *worker(void *arg) { struct node *n = arg; return f0(n->data, n); }
                int main() {
                  pthread_t t;
                """);
        for (int i = 0; i < tableSize; i++) sb.append("  table[").append(i).append("] = f").append(i).append(";\n");
        sb.append("""
                  struct node root = { 0, 0, &g[0] };
                  pthread_create(&t, 0, worker, &root);
                  int *r = table[1](&g[1], &root);
                  pthread_join(t, 0);
                  return r != 0;
                }
                """);
        return sb.toString();
    }
}
