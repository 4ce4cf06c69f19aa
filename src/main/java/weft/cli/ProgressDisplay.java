package weft.cli;

import weft.race.Progress;

import java.io.PrintStream;

/**
 * Progress on a terminal's stderr: once a run has taken longer than {@link #DELAY_MILLIS}, one
 * self-overwriting line {@code weft: PHASE (N s)} refreshed a few times a second, erased when the run
 * ends. Silent unless enabled (stderr is a terminal and no {@code --quiet}).
 */
final class ProgressDisplay implements Progress, AutoCloseable {
    static final long DELAY_MILLIS = 1500;
    private static final long TICK_MILLIS = 250;

    private final PrintStream err;
    private final boolean enabled;
    private final long delayMillis;
    private final long start = System.nanoTime();
    private volatile String phase = "starting";
    private boolean shown;
    private final Thread ticker;

    ProgressDisplay(PrintStream err, boolean enabled) {
        this(err, enabled, DELAY_MILLIS);
    }

    ProgressDisplay(PrintStream err, boolean enabled, long delayMillis) {
        this.err = err;
        this.enabled = enabled;
        this.delayMillis = delayMillis;
        if (enabled) {
            ticker = new Thread(this::tick, "weft-progress");
            ticker.setDaemon(true);
            ticker.start();
        } else {
            ticker = null;
        }
    }

    @Override
    public void phase(String phase) {
        this.phase = phase;
    }

    private void tick() {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                Thread.sleep(TICK_MILLIS);
                long ms = (System.nanoTime() - start) / 1_000_000;
                if (ms < delayMillis) continue;
                synchronized (this) {
                    err.print("\r\u001b[K" + "weft: " + phase + " (" + ms / 1000 + " s)");
                    err.flush();
                    shown = true;
                }
            }
        } catch (InterruptedException e) {
            // closed
        }
    }

    @Override
    public void close() {
        if (!enabled) return;
        ticker.interrupt();
        try {
            ticker.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (this) {
            if (shown) {
                err.print("\r\u001b[K");
                err.flush();
            }
        }
    }
}
