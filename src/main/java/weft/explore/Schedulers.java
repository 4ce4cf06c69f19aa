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

    /**
     * A strategy of the search: a chooser that can also take a run of thread questions with main the only enabled
     * thread at once (an execution resuming from a snapshot of the program's start puts the start's questions to its
     * chooser again, {@link Prefixes}: a real program's start asks millions).
     */
    interface Strategy extends Chooser {
        /**
         * What {@code times} questions {@code pickThread([0], current, visible_i)} in a row do to this chooser's
         * state, {@code visible} of them with {@code visible_i} true, the first with {@code firstVisible}: each answer
         * is 0, the only legal one. Exact for every order of the others: each strategy's state depends on no more
         * (its comment says why).
         */
        void mainAlone(int current, long times, long visible, boolean firstVisible);
    }

    /** How nondeterministic inputs are chosen. */
    enum ValuePolicy { ZERO, ONE, LAST, RANDOM }

    abstract static class Base implements Strategy {
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

        /** Main running on counts its steps towards the quantum, modulo it; a first pick (current -1) restarts it. */
        @Override
        public void mainAlone(int current, long times, long visible, boolean firstVisible) {
            ran = current == 0 ? (int) ((ran + times) % quantum) : 0;
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

        /** Keeps no state of its own. */
        @Override
        public void mainAlone(int current, long times, long visible, boolean firstVisible) {
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

        /** Keeps no state of its own. */
        @Override
        public void mainAlone(int current, long times, long visible, boolean firstVisible) {
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
            // (mainAlone relies on this order: the visible step's drops first, then a priority drawn for a thread without one)
            for (int t : enabled) {
                double p = prio.computeIfAbsent(t, x -> rng.nextDouble());
                if (p > bp) {
                    bp = p;
                    best = t;
                }
            }
            return best;
        }

        /**
         * Each visible question counts a visible step, and each change point it reaches drops the current thread
         * (priorities are whole numbers below 0, so dropping by the count at once is exact); main's priority is drawn
         * at the first question when it has none and that question's step did not just drop main. So only the number
         * of visible questions matters, and whether the first is one.
         */
        @Override
        public void mainAlone(int current, long times, long visible, boolean firstVisible) {
            if (times == 0) return;
            long before = visibleSteps;
            boolean dropsFirst = false;
            if (firstVisible) for (long c : changes) if (c == before + 1) dropsFirst = true;
            if (!prio.containsKey(0) && !(current == 0 && dropsFirst)) prio.put(0, rng.nextDouble());
            visibleSteps += visible;
            int drops = 0;
            for (long c : changes) if (c > before && c <= visibleSteps) drops++;
            if (drops > 0) prio.put(current, low -= drops);
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
    static final class Directed implements Strategy {
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

        /** With one enabled thread nothing is held (the base strategy picks among all enabled threads then). */
        @Override
        public void mainAlone(int current, long times, long visible, boolean firstVisible) {
            base.mainAlone(current, times, visible, firstVisible);
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

        /**
         * Main (current 0) draws only at visible questions: a number, and another to pick among the one enabled
         * thread when it switches; from anywhere else (current -1) every question picks. Only the number of visible
         * questions matters.
         */
        @Override
        public void mainAlone(int current, long times, long visible, boolean firstVisible) {
            if (current != 0) {
                for (long i = 0; i < times; i++) rng.nextInt(1);
                return;
            }
            for (long i = 0; i < visible; i++) if (rng.nextDouble() < switchProb) rng.nextInt(1);
        }
    }

    /**
     * Replays a prefix of choices, then takes default choices (continue the current thread; value candidate 0),
     * recording every choice point, for the bounded depth-first search of {@link Search}.
     */
    static final class Replay implements Strategy {
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

        /** One enabled thread is no choice point: nothing recorded. */
        @Override
        public void mainAlone(int current, long times, long visible, boolean firstVisible) {
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
