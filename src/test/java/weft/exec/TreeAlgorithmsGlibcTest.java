package weft.exec;

import weft.exec.state.*;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link TreeAlgorithms} against glibc's {@code tsearch}, {@code tfind}, {@code tdelete}, {@code twalk} and
 * {@code tdestroy} on this machine: random scripts of insertions, deletions and searches of small integer keys, run by
 * a C program built with gcc, which prints every comparison the library asks for (the key and the node's key), each
 * call's result, and the walks' and destroy's visits; the same scripts run on the Java algorithms, the comparator
 * answered in Java, must print the same. Skipped without gcc.
 */
class TreeAlgorithmsGlibcTest {
    private static final int SCRIPTS = 120;

    @Test
    void randomScriptsCompareAndShapeTheTreeAsGlibcDoes(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(run(List.of("gcc", "--version"), dir) != null, "gcc not available");
        Random rnd = new Random(20261206);
        List<int[][]> scripts = new ArrayList<>();
        for (int s = 0; s < SCRIPTS; s++) {
            int keys = 3 + rnd.nextInt(s < 40 ? 12 : 60), steps = 5 + rnd.nextInt(s < 40 ? 30 : 200);
            int[][] script = new int[steps][2];
            for (int i = 0; i < steps; i++) {
                int r = rnd.nextInt(10);
                script[i][0] = r < 6 ? 0 : r < 9 ? 2 : 1; // tsearch, tdelete, tfind
                script[i][1] = rnd.nextInt(keys);
            }
            scripts.add(script);
        }
        Path src = dir.resolve("t.c");
        Files.writeString(src, program(scripts));
        assertTrue(run(List.of("gcc", "-O0", "-o", dir.resolve("t").toString(), src.toString()), dir) != null, "gcc failed");
        String want = run(List.of(dir.resolve("t").toString()), dir);
        assertTrue(want != null, "the program failed");
        StringBuilder got = new StringBuilder();
        for (int s = 0; s < scripts.size(); s++) java(s, scripts.get(s), got);
        List<String> w = want.lines().toList(), g = got.toString().lines().toList();
        for (int i = 0; i < Math.min(w.size(), g.size()); i++) {
            assertEquals(w.get(i), g.get(i), "line " + (i + 1) + " of the trace (" + w.size() + " lines)");
        }
        assertEquals(w.size(), g.size(), "trace length");
        System.out.printf("tree scripts: %d, %d trace lines identical to glibc's%n", scripts.size(), w.size());
    }

    /** The C program: each script on its own tree, then its walk and its destruction. */
    private static String program(List<int[][]> scripts) {
        StringBuilder c = new StringBuilder("""
                #define _GNU_SOURCE
                #include <search.h>
                #include <stdio.h>
                static int K[1000];
                static int cmp(const void *a, const void *b) {
                    int x = *(const int *) a, y = *(const int *) b;
                    printf("c %d %d\\n", x, y);
                    return x < y ? -1 : x > y;
                }
                static void walk(const void *n, VISIT v, int d) { printf("w %d %d %d\\n", **(int *const *) n, (int) v, d); }
                static void drop(void *k) { printf("d %d\\n", *(int *) k); }
                static void step(void **root, int op, int k) {
                    void *r;
                    printf("%s %d\\n", op == 0 ? "S" : op == 1 ? "F" : "D", k);
                    if (op == 0) { r = tsearch(&K[k], root, cmp); printf("r %d\\n", r ? **(int **) r : -1); }
                    else if (op == 1) { r = tfind(&K[k], root, cmp); printf("r %d\\n", r ? **(int **) r : -1); }
                    else { r = tdelete(&K[k], root, cmp); printf("r %d\\n", r != NULL); }
                }
                int main(void) {
                    for (int i = 0; i < 1000; i++) K[i] = i;
                """);
        for (int s = 0; s < scripts.size(); s++) {
            c.append("    { void *root = NULL; printf(\"script ").append(s).append("\\n\");\n");
            for (int[] st : scripts.get(s)) c.append("      step(&root, ").append(st[0]).append(", ").append(st[1]).append(");\n");
            c.append("      printf(\"root %d\\n\", root ? **(int **) root : -1); twalk(root, walk); tdestroy(root, drop); }\n");
        }
        c.append("    return 0;\n}\n");
        return c.toString();
    }

    /** The same script on {@link TreeAlgorithms}: keys are integer values, the nodes numbered as they are added. */
    private static void java(int s, int[][] script, StringBuilder out) {
        out.append("script ").append(s).append('\n');
        TreeAlgorithms.Tree tree = new TreeAlgorithms.Tree(TreeAlgorithms.NONE, Map.of());
        int nextId = 1;
        for (int[] st : script) {
            int op = st[0], k = st[1];
            out.append(op == 0 ? "S " : op == 1 ? "F " : "D ").append(k).append('\n');
            List<Integer> answers = new ArrayList<>();
            TreeAlgorithms.Outcome o;
            while ((o = TreeAlgorithms.operate(tree, op, answers, Value.of(k), "test")).asked() != TreeAlgorithms.NONE) {
                long y = ((Value.Int) tree.nodes().get(o.asked()).key()).v();
                out.append("c ").append(k).append(' ').append(y).append('\n');
                answers.add(Long.compare(k, y));
            }
            int result = o.result();
            TreeAlgorithms.Tree after = o.after();
            if (after.nodes().containsKey(TreeAlgorithms.NEW)) {
                int id = nextId++;
                after = renamed(after, TreeAlgorithms.NEW, id);
                if (result == TreeAlgorithms.NEW) result = id;
            }
            if (op == 2) {
                out.append("r ").append(result != TreeAlgorithms.NONE ? 1 : 0).append('\n');
            } else {
                out.append("r ").append(result == TreeAlgorithms.NONE ? -1 : ((Value.Int) after.nodes().get(result).key()).v()).append('\n');
            }
            tree = after;
        }
        out.append("root ").append(tree.root() == TreeAlgorithms.NONE ? -1 : ((Value.Int) tree.nodes().get(tree.root()).key()).v()).append('\n');
        for (TreeAlgorithms.Call c : TreeAlgorithms.walk(tree, false)) {
            out.append("w ").append(((Value.Int) tree.nodes().get(c.node()).key()).v()).append(' ').append(c.visit()).append(' ').append(c.depth()).append('\n');
        }
        for (TreeAlgorithms.Call c : TreeAlgorithms.walk(tree, true)) out.append("d ").append(((Value.Int) tree.nodes().get(c.node()).key()).v()).append('\n');
    }

    private static TreeAlgorithms.Tree renamed(TreeAlgorithms.Tree t, int from, int to) {
        Map<Integer, TreeAlgorithms.Node> nodes = new HashMap<>();
        for (Map.Entry<Integer, TreeAlgorithms.Node> e : t.nodes().entrySet()) {
            TreeAlgorithms.Node n = e.getValue();
            nodes.put(e.getKey() == from ? to : e.getKey(), new TreeAlgorithms.Node(n.key(), n.left() == from ? to : n.left(),
                    n.right() == from ? to : n.right(), n.red()));
        }
        return new TreeAlgorithms.Tree(t.root() == from ? to : t.root(), Map.copyOf(nodes));
    }

    private static String run(List<String> cmd, Path dir) throws Exception {
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) return null;
        return out;
    }
}
