package weft.bounded;

import org.junit.jupiter.api.Test;
import weft.ir.Cfg;
import weft.ir.Edge;
import weft.ir.SourceLoc;
import weft.ir.Stmt;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The structure of the bounded program: back edges, the region that can reach the target, its order. */
class UnwindingTest {
    private static Edge e(int from, int to) {
        return new Edge(from, to, new Stmt.Skip(SourceLoc.NONE));
    }

    /** 0 -> 1 (loop head) -> 2 -> 1 (back), 1 -> 3 (target) -> 4; and 0 -> 5 (dead end). */
    private static final Cfg LOOP = new Cfg(6, 0, 4, List.of(e(0, 1), e(1, 2), e(2, 1), e(1, 3), e(3, 4), e(0, 5)));

    @Test
    void theLoopsReturnEdgeIsTheOnlyBackEdge() {
        Unwinding u = Unwinding.of(LOOP, 3);
        long back = LOOP.edges().stream().filter(u::isBack).count();
        assertEquals(1, back);
        assertTrue(u.isBack(e(2, 1)));
        assertTrue(u.cyclic());
    }

    @Test
    void theRegionHoldsOnlyNodesThatReachTheTarget() {
        Unwinding u = Unwinding.of(LOOP, 3);
        assertTrue(u.inRegion(0) && u.inRegion(1) && u.inRegion(2) && u.inRegion(3));
        assertFalse(u.inRegion(4));
        assertFalse(u.inRegion(5));
        assertArrayEquals(new int[] {0, 1, 2, 3}, java.util.Arrays.stream(u.regionOrder()).sorted().toArray());
        int[] order = u.regionOrder();
        for (Edge x : LOOP.edges()) {
            if (!u.isBack(x) && u.inRegion(x.from()) && u.inRegion(x.to())) {
                assertTrue(indexOf(order, x.from()) < indexOf(order, x.to()), "forward edge " + x + " goes forward");
            }
        }
    }

    @Test
    void aTargetAfterTheLoopButNotInItIsAcyclicWhenTheLoopCannotReachIt() {
        // 0 -> 1 -> 2 (target); 0 -> 3 -> 3 (self loop, cannot reach 2)
        Cfg cfg = new Cfg(4, 0, 2, List.of(e(0, 1), e(1, 2), e(0, 3), e(3, 3)));
        Unwinding u = Unwinding.of(cfg, 2);
        assertFalse(u.cyclic());
        assertFalse(u.inRegion(3));
    }

    @Test
    void aNodeNoPathReachesIsNotInTheCfg() {
        Cfg cfg = new Cfg(3, 0, 1, List.of(e(0, 1)));
        assertFalse(Unwinding.of(cfg, 2).targetInCfg());
        assertTrue(Unwinding.of(cfg, 1).targetInCfg());
    }

    private static int indexOf(int[] a, int x) {
        for (int i = 0; i < a.length; i++) if (a[i] == x) return i;
        return -1;
    }
}
