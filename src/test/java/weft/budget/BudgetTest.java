package weft.budget;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Budgets on a clock: expiry, what is left, slices; and the thread CPU clock counts this thread's work only. */
class BudgetTest {
    private static final long MS = 1_000_000L;

    @Test
    void expiresWhenItsClockPassesTheDeadline() {
        AtomicLong now = new AtomicLong(5 * MS);
        Budget b = Budget.ofMillis(now::get, 100);
        assertFalse(b.expired());
        assertEquals(100, b.remainingMillis());
        now.addAndGet(60 * MS);
        assertEquals(40, b.remainingMillis());
        now.addAndGet(41 * MS);
        assertTrue(b.expired());
        assertEquals(0, b.remainingMillis());
    }

    @Test
    void aSliceEndsNoLaterThanItsBudget() {
        AtomicLong now = new AtomicLong(0);
        Budget b = Budget.ofMillis(now::get, 100);
        assertEquals(30, b.slice(30).remainingMillis());
        assertEquals(100, b.slice(500).remainingMillis());
        now.addAndGet(90 * MS);
        assertEquals(10, b.slice(30).remainingMillis());
    }

    @Test
    void hugeAndUnlimitedBudgetsDoNotOverflow() {
        Budget b = Budget.ofMillis(() -> 42, Long.MAX_VALUE / 4);
        assertFalse(b.expired());
        assertFalse(Budget.unlimited().expired());
        assertEquals(Long.MAX_VALUE / 4, Budget.unlimited().remainingMillis());
        assertEquals(7, Budget.unlimited().slice(7).remainingMillis(), 1);
    }

    @Test
    void threadCpuTimeDoesNotAdvanceWhileTheThreadSleeps() throws InterruptedException {
        CpuClock cpu = CpuClock.currentThread();
        long before = cpu.nanos();
        Thread.sleep(300);
        // sleeping uses (almost) no CPU time: a busy machine does not use up a CPU budget
        assertTrue(cpu.nanos() - before < 100 * MS, (cpu.nanos() - before) / MS + " ms");
    }

    @Test
    void aBudgetOfWorkEndsAtTheSameUnitWhateverTheTime() {
        WorkMeter meter = new WorkMeter();
        Budget b = Budget.work(meter, 1);
        long units = 1_000_000L / WorkMeter.NANOS_PER_UNIT;
        meter.add(units);
        assertFalse(b.expired());
        meter.add(1);
        assertTrue(b.expired());
        assertEquals(0, b.remainingMillis());
    }

    @Test
    void aCapEndsTheBudgetButNeverSharesItOut() {
        WorkMeter meter = new WorkMeter();
        AtomicLong cpu = new AtomicLong(0);
        Budget work = Budget.work(meter, 100).cappedBy(Budget.ofMillis(cpu::get, 10));
        Budget slice = work.slice(40);
        cpu.addAndGet(50 * MS);
        // the cap's clock ran out: every budget sliced from the capped one ends with it
        assertTrue(work.expired());
        assertTrue(slice.expired());
        assertTrue(work.capped());
        // what is left is counted in work alone, so that how work is shared out does not depend on time
        assertEquals(100, work.remainingMillis());
        assertEquals(40, slice.remainingMillis());
        assertFalse(Budget.work(meter, 100).capped());
    }

    /**
     * The bounded layer's encoding charges its walks of the memory's history a few at a time: each walk counts however
     * the charges split them (a remainder short of a unit is kept), and a solver call's resource units at its rate.
     */
    @Test
    void theEncodingsWalksCountHoweverTheChargesSplitThem() {
        WorkMeter few = new WorkMeter();
        for (int i = 0; i < 1000; i++) few.encoding(0, 3);
        WorkMeter once = new WorkMeter();
        once.encoding(0, 3000);
        assertEquals(once.units(), few.units());
        assertEquals(3000 / WorkMeter.WALKS_PER_UNIT, few.units());
        WorkMeter solver = new WorkMeter();
        solver.solver(4_000, 4_000); // a millisecond of the solver's work
        assertEquals(1_000_000 / WorkMeter.NANOS_PER_UNIT, solver.units());
    }
}
