package weft.bounded.bmc;

import weft.explore.Explorer;
import weft.ir.SourceLoc;
import weft.trace.Step;

import java.util.List;
import java.util.Map;

/**
 * A racing run of the sequentialised program read from a solver model, in the input program's terms: the segments
 * the scheduler ran (thread slot, from which context-switch point up to which, and the statement the thread was
 * about to execute when it stopped), the values of the nondeterministic inputs (by call location and occurrence,
 * as {@code weft.explore.ExploreOptions#valueHints} takes them) and the two racing accesses (the armed one first).
 * It only steers the explorer ({@link #guide()}): a race is answered with the explorer's execution, never with this.
 *
 * @param segments the scheduler's resumptions that ran at least one statement, in order
 * @param inputs   values of the inputs, by {@link SourceLoc#shortString()} of the call, in order of occurrence
 * @param racing   the source locations of the armed access and of the access that found it (either may be null)
 */
public record Schedule(List<Segment> segments, Map<String, List<Long>> inputs, List<SourceLoc> racing) {
    /**
     * Thread slot {@code slot} (0 is {@code main}; the others in order of creation site) ran from point {@code from}
     * to point {@code to}, stopping before the statement at {@code stopBefore} (null: it ran to its end), or, when
     * {@code within}, within it (a condition wait that released its mutex: in the explorer, the wait has run).
     */
    public record Segment(int slot, int from, int to, SourceLoc stopBefore, boolean within) {}

    public Schedule {
        segments = List.copyOf(segments);
        inputs = Map.copyOf(inputs);
        racing = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(racing));
    }

    /**
     * A guide that follows the segments: the explorer's thread of each slot (threads are numbered in order of
     * creation, which for the slots of one creating thread is the slots' order) runs until its next statement is the
     * one its segment stopped before, or, for a stop within a statement, until it has executed that statement (the
     * explorer runs a condition wait as one step that blocks); a blocked or finished thread's segment is skipped;
     * after the last segment the
     * thread that ran last goes on. Inputs take the model's values. Any choice the guide makes is a real execution.
     */
    public Explorer.Guide guide() {
        return new Explorer.Guide() {
            private int seg;
            private boolean started;
            private boolean executed; // the segment's thread executed its stop statement (for stops within one)

            @Override
            public int pickThread(List<Integer> enabled, int current, List<Step> executedSince, int threads, Map<Integer, SourceLoc> next) {
                while (seg < segments.size()) {
                    Segment s = segments.get(seg);
                    if (started && s.within()) {
                        for (Step st : executedSince) executed |= st.thread() == s.slot() && same(s.stopBefore(), st.loc());
                    }
                    boolean runnable = enabled.contains(s.slot());
                    boolean arrived = started && s.stopBefore() != null
                            && (s.within() ? executed : same(s.stopBefore(), next.get(s.slot())));
                    if (runnable && !arrived) {
                        started = true;
                        return s.slot();
                    }
                    seg++;
                    started = false;
                    executed = false;
                }
                return enabled.contains(current) ? current : enabled.get(0);
            }

            @Override
            public Long value(SourceLoc loc, int occurrence) {
                List<Long> vs = inputs.get(loc.shortString());
                if (vs == null || vs.isEmpty()) return null;
                return vs.get(Math.max(0, Math.min(vs.size() - 1, occurrence - 1)));
            }
        };
    }

    private static boolean same(SourceLoc a, SourceLoc b) {
        return b != null && a.line() == b.line() && a.col() == b.col() && a.file().equals(b.file());
    }
}
