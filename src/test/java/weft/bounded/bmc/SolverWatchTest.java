package weft.bounded.bmc;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import weft.budget.Budget;
import weft.budget.CpuClock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A solver call watched by {@link SolverWatch} ends when the caller's CPU budget is used up, whatever Z3's own limits. */
class SolverWatchTest {
    /** Factoring a 64-bit product of two 32-bit primes by bit-blasting: far beyond 300 ms. */
    private static Solver factoring(Context ctx) {
        BitVecExpr x = ctx.mkBVConst("x", 64);
        BitVecExpr y = ctx.mkBVConst("y", 64);
        Solver s = ctx.mkSolver();
        s.add(ctx.mkEq(ctx.mkBVMul(x, y), ctx.mkBV(Long.toUnsignedString(2_315_877_527L * 3_210_981_251L), 64)));
        s.add(ctx.mkBVUGT(x, ctx.mkBV(1, 64)), ctx.mkBVULT(x, y));
        s.add(ctx.mkBVULT(x, ctx.mkBV(1L << 32, 64)), ctx.mkBVULT(y, ctx.mkBV(1L << 32, 64)));
        return s;
    }

    @Test
    @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aSolverCallStopsWhenTheBudgetIsUsedUp() {
        CpuClock cpu = CpuClock.currentThread();
        try (Context ctx = new Context()) {
            Solver s = factoring(ctx);
            long start = cpu.nanos();
            Status st;
            try (SolverWatch w = SolverWatch.start(ctx, Budget.cpuMillis(300))) {
                st = s.check();
            }
            long ms = (cpu.nanos() - start) / 1_000_000;
            assertEquals(Status.UNKNOWN, st, "the formula was decided; pick a harder one");
            assertTrue(ms < 10_000, "the call took " + ms + " ms of CPU after a 300 ms budget");
        }
    }

    @Test
    void aCallWithinItsBudgetIsNotDisturbed() {
        try (Context ctx = new Context()) {
            Solver s = ctx.mkSolver();
            BitVecExpr x = ctx.mkBVConst("x", 8);
            s.add(ctx.mkEq(ctx.mkBVAdd(x, ctx.mkBV(1, 8)), ctx.mkBV(3, 8)));
            Status st;
            try (SolverWatch w = SolverWatch.start(ctx, Budget.cpuMillis(60_000))) {
                st = s.check();
            }
            assertEquals(Status.SATISFIABLE, st);
            // the watch is closed: the context is not interrupted later
            assertEquals(Status.SATISFIABLE, s.check());
        }
    }
}
