package weft.budget;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProcStatTest {
    @Test
    void readsUserAndSystemTicksAfterACommandNameWithSpacesAndParentheses() {
        String stat = "4242 (weft (x) y) R 1 4242 4242 0 -1 4194560 900 0 0 0 250 37 0 0 20 0 12 0 100 0 0";
        assertEquals((250 + 37) * 10_000_000L, ProcStat.parse(stat));
        assertEquals(-1, ProcStat.parse("no parentheses here"));
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void theProcessClockCountsThisProcessesWork() {
        assertTrue(ProcStat.readable());
        CpuClock clock = CpuClock.process();
        long before = clock.nanos();
        long x = 0;
        long until = System.nanoTime() + 300_000_000L;
        while (System.nanoTime() < until) x += Long.numberOfTrailingZeros(x + System.nanoTime());
        long used = clock.nanos() - before;
        assertTrue(used >= 100_000_000L, "300 ms of busy work counted as " + used / 1_000_000 + " ms (" + x + ")");
    }
}
