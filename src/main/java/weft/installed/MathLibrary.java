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
