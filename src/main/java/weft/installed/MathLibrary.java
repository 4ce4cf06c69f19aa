package weft.installed;

import com.sun.jna.Function;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;

import java.util.Optional;

/**
 * The installed math library ({@code libm.so.6}, glibc's), called by name for the functions a program calls in it
 * ({@code sqrt}, {@code pow}, {@code sin}...): the value the program linked with {@code -lm} computes on this machine,
 * bit for bit (glibc's results are not all correctly rounded, so no Java computation could stand in for it), and the
 * {@code errno} it sets (a domain or range error), read around the call.
 */
public final class MathLibrary {
    private static final Loaded<MathLibrary> INSTALLED = new Loaded<>(MathLibrary::load);
    private final NativeLibrary lib;

    private MathLibrary(NativeLibrary lib) {
        this.lib = lib;
    }

    /** The installed libm, loaded once; empty elsewhere. */
    public static Optional<MathLibrary> installed() {
        return INSTALLED.get();
    }

    private static Optional<MathLibrary> load() {
        try {
            if (!System.getProperty("os.name", "").startsWith("Linux")) return Optional.empty();
            return Optional.of(new MathLibrary(NativeLibrary.getInstance("m")));
        } catch (LinkageError | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** A call's value and the bits it stored through its output pointer. */
    public record OutputResult(double value, long output) {}

    /**
     * {@code name(x, &out)} for a function of one double that stores an {@code int} ({@code outBytes} 4: {@code frexp}) or
     * a {@code double} (8: {@code modf}) through its second argument; empty when libm has no such function.
     */
    public Optional<OutputResult> callWithOutput(String name, double x, int outBytes) {
        Function f;
        try {
            f = lib.getFunction(name);
        } catch (UnsatisfiedLinkError e) {
            return Optional.empty();
        }
        com.sun.jna.Memory out = new com.sun.jna.Memory(8);
        out.setLong(0, 0);
        double v = f.invokeDouble(new Object[] {x, out});
        return Optional.of(new OutputResult(v, outBytes == 4 ? out.getInt(0) : out.getLong(0)));
    }

    /** A call's value and the errno it left (0: none). */
    public record Result(double value, int errno) {}

    /**
     * {@code name(args...)}: {@code args} are {@link Double}, {@link Float} or {@link Integer} as the function's
     * prototype has them; {@code single}: the function returns {@code float}. Empty when libm has no such function.
     */
    public Optional<Result> call(String name, Object[] args, boolean single) {
        Function f;
        try {
            f = lib.getFunction(name);
        } catch (UnsatisfiedLinkError e) {
            return Optional.empty();
        }
        // errno is per thread: cleared and read in the calling thread, around the call
        Native.setLastError(0);
        double v = single ? f.invokeFloat(args) : f.invokeDouble(args);
        return Optional.of(new Result(v, Native.getLastError()));
    }
}
