package weft.explore;

import weft.exec.state.ByteAccess;
import weft.exec.state.Chooser;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The scheduling strategies of the search. Each is a {@link Chooser} for one execution; since every choice among
 * enabled threads and candidate values is legal, strategies only differ in which real executions they reach.
 */
final class Schedulers {
    private Schedulers() {}

    /** How nondeterministic inputs are chosen. */
    enum ValuePolicy { ZERO, ONE, LAST, RANDOM }

    abstract static class Base implements Chooser {
        final Random rng;
        final ValuePolicy values;

        Base(long seed, ValuePolicy values) {
            this.rng = new Random(seed);
            this.values = values;
        }

        @Override
        public int pickValue(int n) {
            return switch (values) {
                case ZERO -> 0;
                case ONE -> Math.min(1, n - 1);
                case LAST -> n - 1;
                case RANDOM -> rng.nextInt(n);
            };
        }

        @Override
        public long randomBits() {
            return rng.nextLong();
        }
    }

    /** Switches thread after every {@code quantum} steps, cycling through the enabled threads in index order. */
    static final class RoundRobin extends Base {
        private final int quantum;
        private int ran;

        RoundRobin(int quantum, long seed, ValuePolicy values) {
            super(seed, values);
            this.quantum = quantum;
        }

        @Override
        public int pickThread(List<Integer> enabled, int current, boolean currentVisible) {
            if (enabled.contains(current) && ++ran < quantum) return current;
            ran = 0;
            for (int t : enabled) if (t > current) return t;
            return enabled.get(0);
        }
    }

    /** Runs the current thread as long as it can, then the oldest enabled thread. */
    static final class Sticky extends Base {
        Sticky(long seed, ValuePolicy values) {
            super(seed, values);
        }

        @Override
        public int pickThread(List<Integer> enabled, int current, boolean currentVisible) {
            if (enabled.contains(current)) return current;
            return enabled.get(0);
        }
    }

    /** Always runs the newest enabled thread (a created thread runs before its creator continues). */
    static final class ChildFirst extends Base {
        ChildFirst(long seed, ValuePolicy values) {
            super(seed, values);
        }

        @Override
        public int pickThread(List<Integer> enabled, int current, boolean currentVisible) {
            return enabled.get(enabled.size() - 1);
        }
    }

    /**
     * Probabilistic concurrency testing: threads get random priorities, the highest-priority enabled thread runs,
     * and at a few random shared-state steps the running thread drops to the lowest priority.
     */
    static final class Priority extends Base {
        private final java.util.Map<Integer, Double> prio = new java.util.HashMap<>();
        private final long[] changes;
        private long visibleSteps;
        private double low = 0;

        Priority(int changePoints, long expectedVisible, long seed, ValuePolicy values) {
            super(seed, values);
            changes = new long[changePoints];
            for (int i = 0; i < changePoints; i++) changes[i] = (long) (rng.nextDouble() * Math.max(expectedVisible, 1));
        }

        @Override
        public int pickThread(List<Integer> enabled, int current, boolean currentVisible) {
            if (currentVisible) {
                visibleSteps++;
                for (long c : changes) if (c == visibleSteps) prio.put(current, low -= 1);
            }
            int best = -1;
            double bp = Double.NEGATIVE_INFINITY;
            for (int t : enabled) {
                double p = prio.computeIfAbsent(t, x -> rng.nextDouble());
                if (p > bp) {
                    bp = p;
                    best = t;
                }
            }
            return best;
        }
    }

    /**
     * Directed at one candidate race ({@link ExploreOptions.Target}): a thread whose next step accesses memory at one
     * of the candidate's two sites (its statement's file and line) is held as long as another enabled thread can run,
     * so that a thread reaching one site waits there for another to reach the other — the racing state the search
     * looks for in every state ({@code Execution}). When only held threads can run, the base strategy picks among
     * them (one moves past its site). Otherwise the base strategy picks among the threads not held. Every choice is a
     * legal schedule: directing changes which real executions are tried, never what counts as a race.
     */
    static final class Directed implements Chooser {
        private final ExploreOptions.Target target;
        private final Base base;

        Directed(ExploreOptions.Target target, Base base) {
            this.target = target;
            this.base = base;
        }

        @Override
        public int pickThread(List<Integer> enabled, int current, boolean currentVisible) {
            return base.pickThread(enabled, current, currentVisible);
        }

        @Override
        public int pickThread(List<Integer> enabled, int current, boolean currentVisible, java.util.function.IntFunction<List<ByteAccess>> next) {
            List<Integer> free = new ArrayList<>(enabled.size());
            for (int t : enabled) if (!atSite(next.apply(t))) free.add(t);
            return base.pickThread(free.isEmpty() ? enabled : free, current, currentVisible);
        }

        private boolean atSite(List<ByteAccess> accesses) {
            for (ByteAccess a : accesses) if (same(a.loc(), target.first()) || same(a.loc(), target.second())) return true;
            return false;
        }

        private static boolean same(weft.ir.SourceLoc a, weft.ir.SourceLoc b) {
            return a != null && b != null && a.line() == b.line() && a.file().equals(b.file());
        }

        @Override
        public int pickValue(int n) {
            return base.pickValue(n);
        }

        @Override
        public long randomBits() {
            return base.randomBits();
        }
    }

    /** At shared-state steps, switches to a random enabled thread with probability {@code switchProb}. */
    static final class RandomWalk extends Base {
        private final double switchProb;

        RandomWalk(double switchProb, long seed, ValuePolicy values) {
            super(seed, values);
            this.switchProb = switchProb;
        }

        @Override
        public int pickThread(List<Integer> enabled, int current, boolean currentVisible) {
            if (enabled.contains(current) && (!currentVisible || rng.nextDouble() >= switchProb)) return current;
            return enabled.get(rng.nextInt(enabled.size()));
        }
    }

    /**
     * Replays a prefix of choices, then takes default choices (continue the current thread; value candidate 0),
     * recording every choice point, for the bounded depth-first search of {@link Search}.
     */
    static final class Replay implements Chooser {
        /** A choice point: the options in order (default first), the one taken, and the budgets used before it. */
        record Point(boolean thread, int[] options, int taken, int preemptions, int deviations, boolean preemptive) {}

        private final int[] prefix;
        private final long seed;
        private Random rng;
        final List<Point> trace = new ArrayList<>();
        private int preemptions;
        private int deviations;

        Replay(int[] prefix, long seed) {
            this.prefix = prefix;
            this.seed = seed;
            this.rng = new Random(seed);
        }

        private int next(int optionCount) {
            int pos = trace.size();
            if (pos < prefix.length) return Math.min(prefix[pos], optionCount - 1);
            return 0;
        }

        @Override
        public int pickThread(List<Integer> enabled, int current, boolean currentVisible) {
            boolean currentEnabled = enabled.contains(current);
            if (currentEnabled && !currentVisible) return current;
            if (enabled.size() == 1) return enabled.get(0);
            int[] options = new int[enabled.size()];
            int k = 0;
            if (currentEnabled) options[k++] = current;
            for (int t : enabled) if (t != current) options[k++] = t;
            int taken = next(options.length);
            trace.add(new Point(true, options, taken, preemptions, deviations, currentEnabled));
            if (taken > 0 && currentEnabled) preemptions++;
            return options[taken];
        }

        @Override
        public int pickValue(int n) {
            if (n == 1) return 0;
            int[] options = new int[n];
            for (int i = 0; i < n; i++) options[i] = i;
            int taken = next(n);
            trace.add(new Point(false, options, taken, preemptions, deviations, false));
            if (taken > 0) deviations++;
            return taken;
        }

        @Override
        public long randomBits() {
            return rng.nextLong();
        }
    }
}
