package weft.pointer;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link IntSet} against a reference set, across the switch from small (hashed or ordered) to bitmap. */
class IntSetTest {
    @Test
    void addContainsAndIterationAcrossRepresentations() {
        Random rnd = new Random(7);
        for (int round = 0; round < 200; round++) {
            boolean ordered = round % 2 == 0;
            IntSet s = ordered ? IntSet.ordered() : new IntSet();
            Set<Integer> ref = new LinkedHashSet<>();
            int n = rnd.nextInt(80);
            int range = 1 + rnd.nextInt(round % 3 == 0 ? 40 : 5000);
            for (int i = 0; i < n; i++) {
                int v = rnd.nextInt(range);
                assertEquals(ref.add(v), s.add(v), "add " + v);
                assertEquals(ref.size(), s.size());
            }
            for (int v = 0; v < Math.min(range + 70, 6000); v++) assertEquals(ref.contains(v), s.contains(v), "contains " + v);
            int[] sorted = ref.stream().mapToInt(Integer::intValue).sorted().toArray();
            assertArrayEquals(sorted, s.sorted());
            int[] arr = s.toArray();
            if (ordered && ref.size() <= IntSet.SMALL_MAX) {
                // small ordered sets iterate in insertion order
                assertArrayEquals(ref.stream().mapToInt(Integer::intValue).toArray(), arr);
            } else if (ref.size() > IntSet.SMALL_MAX) {
                assertArrayEquals(sorted, arr, "bitmaps iterate in ascending order");
            } else {
                int[] copy = arr.clone();
                Arrays.sort(copy);
                assertArrayEquals(sorted, copy);
            }
        }
    }

    @Test
    void smallHashedSetsIterateInTableOrder() {
        // the order of a small hashed set depends only on its elements and their insertion order
        IntSet a = new IntSet();
        IntSet b = new IntSet();
        int[] vs = {17, 3, 99, 4, 1000, 5, 6};
        for (int v : vs) a.add(v);
        for (int v : vs) b.add(v);
        assertArrayEquals(a.toArray(), b.toArray());
    }

    @Test
    void addAllReportsExactlyTheNewElements() {
        Random rnd = new Random(11);
        for (int round = 0; round < 300; round++) {
            IntSet dst = new IntSet();
            IntSet src = round % 3 == 0 ? IntSet.ordered() : new IntSet();
            IntSet added = IntSet.ordered();
            Set<Integer> refDst = new TreeSet<>();
            Set<Integer> refSrc = new TreeSet<>();
            int range = 1 + rnd.nextInt(round % 2 == 0 ? 60 : 3000);
            for (int i = rnd.nextInt(60); i > 0; i--) {
                int v = rnd.nextInt(range);
                dst.add(v);
                refDst.add(v);
            }
            for (int i = rnd.nextInt(60); i > 0; i--) {
                int v = rnd.nextInt(range);
                src.add(v);
                refSrc.add(v);
            }
            // pre-existing delta elements stay
            int marker = range + 5;
            added.add(marker);
            Set<Integer> expectNew = new TreeSet<>(refSrc);
            expectNew.removeAll(refDst);
            int n = dst.addAll(src, added);
            assertEquals(expectNew.size(), n);
            refDst.addAll(refSrc);
            assertArrayEquals(refDst.stream().mapToInt(Integer::intValue).toArray(), dst.sorted());
            Set<Integer> expectAdded = new TreeSet<>(expectNew);
            expectAdded.add(marker);
            assertArrayEquals(expectAdded.stream().mapToInt(Integer::intValue).toArray(), added.sorted());
            assertEquals(expectAdded.size(), added.size());
            assertEquals(0, dst.addAll(src, null), "idempotent");
        }
    }

    @Test
    void addAllOfASmallSetFollowsItsOrder() {
        IntSet src = IntSet.ordered();
        int[] vs = {40, 2, 31, 7};
        for (int v : vs) src.add(v);
        IntSet dst = new IntSet();
        IntSet added = IntSet.ordered();
        dst.add(31);
        dst.addAll(src, added);
        assertArrayEquals(new int[] {40, 2, 7}, added.toArray());
    }

    @Test
    void addDifference() {
        Random rnd = new Random(3);
        for (int round = 0; round < 200; round++) {
            IntSet a = new IntSet();
            IntSet b = new IntSet();
            IntSet out = IntSet.ordered();
            Set<Integer> ra = new TreeSet<>();
            Set<Integer> rb = new TreeSet<>();
            Set<Integer> ro = new TreeSet<>();
            int range = 1 + rnd.nextInt(round % 2 == 0 ? 50 : 2000);
            for (int i = rnd.nextInt(70); i > 0; i--) {
                int v = rnd.nextInt(range);
                a.add(v);
                ra.add(v);
            }
            for (int i = rnd.nextInt(70); i > 0; i--) {
                int v = rnd.nextInt(range);
                b.add(v);
                rb.add(v);
            }
            for (int i = rnd.nextInt(10); i > 0; i--) {
                int v = rnd.nextInt(range);
                out.add(v);
                ro.add(v);
            }
            out.addDifference(a, b);
            List<Integer> diff = new ArrayList<>(ra);
            diff.removeAll(rb);
            ro.addAll(diff);
            assertArrayEquals(ro.stream().mapToInt(Integer::intValue).toArray(), out.sorted());
            assertEquals(ro.size(), out.size());
        }
        IntSet e = new IntSet();
        e.addDifference(null, null);
        assertTrue(e.isEmpty());
        assertFalse(e.contains(0));
    }
}
